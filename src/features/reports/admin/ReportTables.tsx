/** The report's numbers as tables, one beside each chart: what screen readers and printing read. */
import { formatClock } from '../../../domain/clock';
import { formatCents } from '../../../domain/money';
import type { Report } from '../rules/report';
import { percent } from '../rules/report-csv';
import { USE_KINDS } from '../rules/tally';

const HEAD = 'border-b border-line px-3 py-2 text-left text-small font-bold text-muted';
const CELL = 'border-b border-line/60 px-3 py-2 text-small tabular-nums';

/** A week's refunds as the negative amount they are (never "-$0.00"). */
function refundsOf(week: Report['revenue'][number]): number {
  const refunded = Object.values(week.refunded).reduce((sum, cents) => sum + cents, 0);
  return refunded === 0 ? 0 : -refunded;
}

export function RevenueTable({ report }: { report: Report }) {
  return (
    <table className="w-full min-w-max" data-testid="revenue-table">
      <caption className="sr-only">Revenue by week and product, refunds negative</caption>
      <thead>
        <tr>
          <th scope="col" className={HEAD}>Week of</th>
          {report.products.map((product) => (
            <th key={product.kind} scope="col" className={HEAD}>
              {product.label}
            </th>
          ))}
          <th scope="col" className={HEAD}>Refunds</th>
          <th scope="col" className={HEAD}>Total</th>
        </tr>
      </thead>
      <tbody>
        {report.revenue.map((week) => (
          <tr key={week.week}>
            <th scope="row" className={`${CELL} text-left font-semibold`}>{week.week}</th>
            {report.products.map((product) => (
              <td key={product.kind} className={CELL}>
                {formatCents(week.captured[product.kind] ?? 0)}
              </td>
            ))}
            <td className={CELL}>{formatCents(refundsOf(week))}</td>
            <td className={`${CELL} font-bold`}>{formatCents(week.totalCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function UseTable({ report }: { report: Report }) {
  return (
    <table className="w-full min-w-max" data-testid="use-table">
      <caption className="sr-only">Share of bay time booked by weekday and half hour; closed half hours are marked</caption>
      <thead>
        <tr>
          <th scope="col" className={HEAD}>Day</th>
          {report.use.slots.map((minute) => (
            <th key={minute} scope="col" className={HEAD}>
              {formatClock(minute)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {report.use.rows.map((row) => (
          <tr key={row.weekday}>
            <th scope="row" className={`${CELL} text-left font-semibold`}>{row.weekday}</th>
            {row.cells.map((cell) => (
              <td
                key={cell.minute}
                className={CELL}
                data-cell={`${row.weekday} ${cell.minute}`}
                title={cell.capacity > 0 ? USE_KINDS.map((kind) => `${kind} ${cell.booked[kind]} min`).join(', ') : undefined}
              >
                {cell.capacity > 0 ? percent(cell.share) : <span className="text-muted">closed</span>}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A table whose first column names each row: the members, league, gift card and funnel tables. */
function RowTable({ testId, caption, columns, rows }: { testId: string; caption: string; columns: readonly string[]; rows: ReadonlyArray<{ key: string; cells: ReadonlyArray<string | number>; strongLast?: boolean }> }) {
  return (
    <table className="w-full min-w-max" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {columns.map((label) => (
            <th key={label} scope="col" className={HEAD}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, cells: [name, ...cells], strongLast }) => (
          <tr key={key}>
            <th scope="row" className={`${CELL} text-left font-semibold`}>{name}</th>
            {cells.map((cell, index) => (
              <td key={index} className={strongLast && index === cells.length - 1 ? `${CELL} font-bold` : CELL}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function MembersTable({ report }: { report: Report }) {
  return (
    <RowTable
      testId="members-table"
      caption="Memberships by week"
      columns={['Week of', 'Started', 'Cancelled', 'Active at week end']}
      rows={report.members.map((week) => ({ key: week.week, cells: [week.week, week.started, week.cancelled, week.active] }))}
    />
  );
}

export function LeagueTable({ report }: { report: Report }) {
  return (
    <RowTable
      testId="league-table"
      caption="League teams registered per session against tee-time capacity"
      columns={['Session', 'Teams registered', 'Tee-time capacity']}
      rows={report.league.map((fill) => ({ key: fill.sessionId, cells: [fill.name, fill.teams, fill.capacity ?? 'Unlimited'] }))}
    />
  );
}

export function GiftCardTable({ report }: { report: Report }) {
  return (
    <RowTable
      testId="gift-cards-table"
      caption="Gift cards by month of issue: issued, redeemed and outstanding at the end of the range"
      columns={['Month of issue', 'Issued', 'Redeemed', 'Outstanding']}
      rows={(report.giftCards ?? []).map((month) => ({ key: month.month, cells: [month.month, formatCents(month.issuedCents), formatCents(month.redeemedCents), formatCents(month.outstandingCents)], strongLast: true }))}
    />
  );
}

export function FunnelTable({ report }: { report: Report }) {
  return (
    <RowTable
      testId="funnel-table"
      caption="Event requests reaching each stage within the range"
      columns={['Stage', 'Event requests']}
      rows={(report.funnel ?? []).map((step) => ({ key: step.stage, cells: [step.label, step.count] }))}
    />
  );
}
