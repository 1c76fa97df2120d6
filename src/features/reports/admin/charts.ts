/**
 * The report's charts, drawn by Chart.js (with chartjs-chart-matrix for the bay-use heatmap). Loaded
 * only by /admin/reports, after its data arrives; only the parts used are registered, so the rest of
 * the library is left out of the bundle. Each chart has a table with the same numbers beside it.
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartConfiguration } from 'chart.js';
import { MatrixController, MatrixElement } from 'chartjs-chart-matrix';
import { formatClock } from '../../../domain/clock';
import type { Report } from '../rules/report';
import type { ReportChart } from '../rules/report-csv';
import { CHART_COLORS, seriesColor, withAlpha } from './palette';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Legend, Tooltip, MatrixController, MatrixElement);
Chart.defaults.color = CHART_COLORS.muted;
Chart.defaults.borderColor = CHART_COLORS.line;
Chart.defaults.font.family = '"Manrope Variable", Manrope, "Manrope Fallback", system-ui, sans-serif';

export type ReportChartName = ReportChart;

const reducedMotion = (): boolean => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const dollars = (cents: number): number => Math.round(cents) / 100;
const weekLabel = (monday: string): string => new Date(`${monday}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function revenue(report: Report): ChartConfiguration<'bar'> {
  const labels = report.revenue.map((week) => weekLabel(week.week));
  return {
    type: 'bar',
    data: {
      labels,
      datasets: report.products.flatMap((product, index) => [
        { label: product.label, data: report.revenue.map((week) => dollars(week.captured[product.kind] ?? 0)), backgroundColor: seriesColor(index), stack: 'money' },
        {
          label: `${product.label} refunds`,
          data: report.revenue.map((week) => -dollars(week.refunded[product.kind] ?? 0)),
          backgroundColor: withAlpha(seriesColor(index), 0.45),
          borderColor: CHART_COLORS.danger,
          borderWidth: 1,
          stack: 'money',
        },
      ]),
    },
    options: { scales: { x: { stacked: true }, y: { stacked: true, title: { display: true, text: 'Dollars' } } } },
  };
}

function members(report: Report): ChartConfiguration<'bar' | 'line'> {
  return {
    type: 'bar',
    data: {
      labels: report.members.map((week) => weekLabel(week.week)),
      datasets: [
        { type: 'bar', label: 'Started', data: report.members.map((week) => week.started), backgroundColor: CHART_COLORS.accent },
        { type: 'bar', label: 'Cancelled', data: report.members.map((week) => week.cancelled), backgroundColor: CHART_COLORS.warning },
        { type: 'line', label: 'Active', data: report.members.map((week) => week.active), borderColor: CHART_COLORS.gold, backgroundColor: CHART_COLORS.gold },
      ],
    },
    options: { scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
  };
}

function league(report: Report): ChartConfiguration<'bar'> {
  return {
    type: 'bar',
    data: {
      labels: report.league.map((fill) => fill.name),
      datasets: [
        { label: 'Teams registered', data: report.league.map((fill) => fill.teams), backgroundColor: CHART_COLORS.accent },
        { label: 'Tee-time capacity', data: report.league.map((fill) => fill.capacity ?? 0), backgroundColor: withAlpha(CHART_COLORS.muted, 0.35) },
      ],
    },
    options: { indexAxis: 'y', scales: { x: { beginAtZero: true, ticks: { precision: 0 } } } },
  };
}

function giftCards(report: Report): ChartConfiguration<'bar'> {
  const months = report.giftCards ?? [];
  return {
    type: 'bar',
    data: {
      labels: months.map((month) => month.month),
      datasets: [
        { label: 'Redeemed', data: months.map((month) => dollars(month.redeemedCents)), backgroundColor: withAlpha(CHART_COLORS.muted, 0.45), stack: 'cards' },
        { label: 'Outstanding', data: months.map((month) => dollars(month.outstandingCents)), backgroundColor: CHART_COLORS.gold, stack: 'cards' },
      ],
    },
    options: { scales: { x: { stacked: true }, y: { stacked: true, title: { display: true, text: 'Dollars' } } } },
  };
}

function funnel(report: Report): ChartConfiguration<'bar'> {
  const steps = report.funnel ?? [];
  return {
    type: 'bar',
    data: { labels: steps.map((step) => step.label), datasets: [{ label: 'Event requests', data: steps.map((step) => step.count), backgroundColor: CHART_COLORS.accent }] },
    options: { indexAxis: 'y', plugins: { legend: { display: false } }, scales: { x: { beginAtZero: true, ticks: { precision: 0 } } } },
  };
}

interface UsePoint {
  x: string;
  y: string;
  v: number;
  peak: boolean;
}

function bayUse(report: Report): ChartConfiguration<'matrix', UsePoint[]> {
  const slots = report.use.slots.map((minute) => formatClock(minute));
  const data = report.use.rows.flatMap((row) =>
    row.cells.map((cell) => ({
      x: formatClock(cell.minute),
      y: row.weekday.slice(0, 3),
      v: cell.capacity > 0 ? cell.share : -1,
      peak: report.use.peak.some((window) => window.days.includes(row.weekday) && window.from <= cell.minute && cell.minute < window.until),
    })),
  );
  return {
    type: 'matrix',
    data: {
      datasets: [
        {
          label: 'Share of bay time booked',
          data,
          // Closed half hours stay the surface; open ones go from faint to full accent with the share booked.
          backgroundColor: (context) => {
            const point = context.raw as UsePoint | undefined;
            if (!point || point.v < 0) return CHART_COLORS.surface;
            return withAlpha(CHART_COLORS.accent, 0.08 + 0.92 * point.v);
          },
          borderColor: (context) => ((context.raw as UsePoint | undefined)?.peak ? CHART_COLORS.gold : CHART_COLORS.line),
          borderWidth: (context) => ((context.raw as UsePoint | undefined)?.peak ? 2 : 1),
          width: ({ chart }) => (chart.chartArea?.width ?? 0) / Math.max(1, slots.length) - 2,
          height: ({ chart }) => (chart.chartArea?.height ?? 0) / 7 - 2,
        },
      ],
    },
    options: {
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            title: (items) => {
              const point = items[0]?.raw as UsePoint | undefined;
              return point ? `${point.y} ${point.x}${point.peak ? ' (peak)' : ''}` : '';
            },
            label: (item) => {
              const point = item.raw as UsePoint;
              return point.v < 0 ? 'Closed' : `${Math.round(point.v * 100)}% booked`;
            },
          },
        },
      },
      scales: {
        x: { type: 'category', labels: slots, offset: true, grid: { display: false }, ticks: { autoSkip: true, maxRotation: 0 } },
        y: { type: 'category', labels: report.use.rows.map((row) => row.weekday.slice(0, 3)), offset: true, reverse: true, grid: { display: false } },
      },
    },
  };
}

// Each chart is typed by its own kind; Chart's constructor takes any of them.
type AnyChart = (report: Report) => ChartConfiguration;
const CONFIGS: Record<ReportChartName, AnyChart> = {
  revenue: revenue as unknown as AnyChart,
  'bay-use': bayUse as unknown as AnyChart,
  members: members as unknown as AnyChart,
  league: league as unknown as AnyChart,
  'gift-cards': giftCards as unknown as AnyChart,
  funnel: funnel as unknown as AnyChart,
};

/** Draws one chart on `canvas`; the caller destroys it before drawing again. */
export function drawChart(canvas: HTMLCanvasElement, name: ReportChartName, report: Report): Chart {
  const config = CONFIGS[name](report);
  return new Chart(canvas, { ...config, options: { ...(config.options ?? {}), responsive: true, maintainAspectRatio: false, animation: reducedMotion() ? false : { duration: 300 } } });
}
