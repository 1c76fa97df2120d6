// Counts every request the reliability suite sends, per part (fuzz, faults, load), by status class,
// and the records each part found lost. The test file saves the counts to the file global-setup.ts
// provides, which prints them as a table at the end of the run.
import { writeFileSync } from 'node:fs';

export type Part = 'fuzz' | 'faults' | 'load';
export const PARTS: readonly Part[] = ['fuzz', 'faults', 'load'];

export interface PartCounts {
  tried: number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
  /** Requests that got no HTTP answer (connection refused or reset, timeout). */
  network: number;
  /** Acknowledged records (2xx) the store did not hold afterwards; null until a check ran. */
  lost: number | null;
}

export type Summary = Record<Part, PartCounts>;

const empty = (): PartCounts => ({ tried: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, network: 0, lost: null });

export class Recorder {
  readonly counts: Summary = { fuzz: empty(), faults: empty(), load: empty() };

  /** One request and its status (null: no HTTP answer). */
  record(part: Part, status: number | null): void {
    const counts = this.counts[part];
    counts.tried += 1;
    if (status === null) counts.network += 1;
    else if (status >= 200 && status < 300) counts['2xx'] += 1;
    else if (status >= 300 && status < 400) counts['3xx'] += 1;
    else if (status >= 400 && status < 500) counts['4xx'] += 1;
    else if (status >= 500) counts['5xx'] += 1;
  }

  /** Many requests at once (autocannon's totals). */
  recordBulk(part: Part, totals: { '2xx': number; '3xx': number; '4xx': number; '5xx': number; network: number }): void {
    const counts = this.counts[part];
    for (const key of ['2xx', '3xx', '4xx', '5xx', 'network'] as const) {
      counts[key] += totals[key];
      counts.tried += totals[key];
    }
  }

  /** Adds the records a check found lost (0 is recorded too: the check ran). */
  lost(part: Part, count: number): void {
    this.counts[part].lost = (this.counts[part].lost ?? 0) + count;
  }

  save(file: string): void {
    writeFileSync(file, JSON.stringify(this.counts));
  }
}

/** The summary as a text table. */
export function summaryTable(summary: Summary): string {
  const rows = PARTS.map((part) => {
    const c = summary[part];
    return [part, c.tried, c['2xx'], c['3xx'], c['4xx'], c['5xx'], c.network, c.lost ?? 'not checked'].map(String);
  });
  const total = (key: keyof Omit<PartCounts, 'lost'>) => PARTS.reduce((sum, part) => sum + summary[part][key], 0);
  const lostTotal = PARTS.map((part) => summary[part].lost).filter((value): value is number => value !== null);
  rows.push(['total', total('tried'), total('2xx'), total('3xx'), total('4xx'), total('5xx'), total('network'), lostTotal.reduce((a, b) => a + b, 0)].map(String));
  const header = ['part', 'requests tried', '2xx', '3xx', '4xx', '5xx', 'network errors', 'records lost'];
  const widths = header.map((title, index) => Math.max(title.length, ...rows.map((row) => row[index]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.map(line),
    '',
    'fuzz: every answer checked; its 2xx are the setup (a login, bookings, registrations, two event quotes and a deposit), the control token and the webhook replays it expects acknowledged.',
    'faults: its 5xx are the 503s while Redis was stopped and the 502s while Stripe was down, each checked. load: bookings and league checkouts.',
  ].join('\n');
}
