import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { callApi } from '../../../lib/api-client';
import { InputField, SelectField } from '../../../islands/shared/Field';
import AdminShell from '../../staff/islands/AdminShell';
import { downloadFile } from '../../staff/islands/download';
import { asChoices, isOptionId, options } from '../../staff/islands/options';
import { LoadError, Loading, useAdminRead } from '../../staff/islands/ui';
import { datesReport, presetReport } from '../contract/admin-reports';
import { customRange, DEFAULT_PRESET, RANGE_LABELS, type RangePreset } from '../rules/range';
import type { Report } from '../rules/report';
import { chartCsv, type ReportChart } from '../rules/report-csv';
import { FunnelTable, GiftCardTable, LeagueTable, MembersTable, RevenueTable, UseTable } from './ReportTables';

const PRESETS = options(RANGE_LABELS);

type Asked = { preset: Exclude<RangePreset, 'custom'> } | { from: string; to: string };

/** /admin/reports: revenue, bay use, memberships and league fill for a range, each as a chart, a table and a CSV. */
export default function ReportsAdmin() {
  return (
    <AdminShell current="/admin/reports" title="Reports" intro="Revenue by week and product, bay use by the half hour, memberships and league fill." requireFlag>
      <Reports />
    </AdminShell>
  );
}

function Reports() {
  const [preset, setPreset] = useState<RangePreset>(DEFAULT_PRESET);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<{ field: 'from' | 'to'; message: string } | null>(null);
  const [asked, setAsked] = useState<Asked>({ preset: DEFAULT_PRESET });
  const read = useCallback(() => ('preset' in asked ? callApi(presetReport, { params: { preset: asked.preset } }) : callApi(datesReport, { params: asked })), [asked]);
  const [loaded, reload] = useAdminRead(read);

  function show(event: FormEvent) {
    event.preventDefault();
    if (preset !== 'custom') {
      setError(null);
      setAsked({ preset });
      return;
    }
    const checked = customRange(from, to);
    if (!checked.ok) {
      setError({ field: checked.field, message: checked.message });
      document.getElementById(`report-${checked.field}`)?.focus();
      return;
    }
    setError(null);
    setAsked(checked.range);
  }

  return (
    <>
      <form className="card grid gap-4 p-5 md:grid-cols-[1fr_1fr_1fr_auto] md:items-end" onSubmit={show} noValidate aria-label="Report range">
        <SelectField
          id="report-range"
          label="Range"
          value={preset}
          onChange={(event) => isOptionId(PRESETS, event.currentTarget.value) && setPreset(event.currentTarget.value)}
          options={asChoices(PRESETS)}
        />
        {preset === 'custom' ? (
          <>
            <InputField id="report-from" label="From" type="date" value={from} onChange={(event) => setFrom(event.currentTarget.value)} error={error?.field === 'from' ? error.message : undefined} />
            <InputField id="report-to" label="To" type="date" value={to} onChange={(event) => setTo(event.currentTarget.value)} error={error?.field === 'to' ? error.message : undefined} />
          </>
        ) : (
          <div className="hidden md:col-span-2 md:block" />
        )}
        <button type="submit" className="btn-primary">
          Show
        </button>
      </form>

      <div className="mt-8" aria-live="polite">
        {loaded.status === 'loading' && <Loading label="Loading the report..." />}
        {loaded.status === 'error' && <LoadError message={loaded.message} onRetry={reload} />}
        {loaded.status === 'ready' && <ReportView report={loaded.data} />}
      </div>
    </>
  );
}

function ReportView({ report }: { report: Report }) {
  return (
    <div className="grid min-w-0 gap-8">
      <p className="text-muted" data-testid="report-range">
        {report.range.from} to {report.range.to} (Verona time, weeks from Monday)
      </p>
      <ChartSection report={report} chart="revenue" title="Revenue by week" summary="Payments captured by product each week, refunds below the line, and the week's total.">
        <RevenueTable report={report} />
      </ChartSection>
      <ChartSection report={report} chart="bay-use" title="Bay use by half hour" summary="Share of bay time booked per weekday and half hour; peak windows are outlined in gold; closed times stay dark." tall>
        <UseTable report={report} />
      </ChartSection>
      <ChartSection report={report} chart="members" title="Memberships by week" summary="Memberships started and cancelled each week, and active at the week's end.">
        <MembersTable report={report} />
      </ChartSection>
      <ChartSection report={report} chart="league" title="League fill" summary="Teams registered and paid per session against what its tee times hold.">
        <LeagueTable report={report} />
      </ChartSection>
      {report.giftCards && (
        <ChartSection report={report} chart="gift-cards" title="Gift cards outstanding" summary="What the venue owes on gift cards at the end of the range, by the month each card was issued: issued less redeemed.">
          <GiftCardTable report={report} />
        </ChartSection>
      )}
      {report.funnel && (
        <ChartSection report={report} chart="funnel" title="Event requests" summary="Event requests within the range by how far they got: sent, quoted, deposit paid, held.">
          <FunnelTable report={report} />
        </ChartSection>
      )}
    </div>
  );
}

function ChartSection({ report, chart, title, summary, tall = false, children }: { report: Report; chart: ReportChart; title: string; summary: string; tall?: boolean; children: ReactNode }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const headingId = `report-${chart}-heading`;
  useEffect(() => {
    let drawn: { destroy(): void } | null = null;
    let cancelled = false;
    // The chart library loads only here, after the numbers (already in the table) arrive.
    void import('./charts').then(({ drawChart }) => {
      if (!cancelled && canvas.current) drawn = drawChart(canvas.current, chart, report);
    });
    return () => {
      cancelled = true;
      drawn?.destroy();
    };
  }, [report, chart]);

  return (
    <section className="card min-w-0 p-5" aria-labelledby={headingId} data-testid={`report-${chart}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-h3 font-extrabold">
          {title}
        </h2>
        <button type="button" className="btn-secondary" onClick={() => downloadFile(`report-${chart}-${report.range.from}-to-${report.range.to}.csv`, chartCsv(report, chart))}>
          Download CSV<span className="sr-only"> of {title.toLowerCase()}</span>
        </button>
      </div>
      <p className="mt-2 text-small text-muted">{summary}</p>
      <div className={`relative mt-4 ${tall ? 'h-80' : 'h-64'}`}>
        <canvas ref={canvas} role="img" aria-label={`${title}: chart; the same numbers are in the table below.`} />
      </div>
      <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label={`${title} table`}>
        {children}
      </div>
    </section>
  );
}
