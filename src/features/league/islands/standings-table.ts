/**
 * The standings page's tables (pure): their columns, sorting by any column (teams without a value
 * last), and which session the page opens on. The DOM work is standings.ts.
 */
import type { PublicStandingRow } from '../contract/league-standings';

export type SortKey = keyof PublicStandingRow;
export type Direction = 'ascending' | 'descending';

export interface Column {
  key: SortKey;
  label: string;
  /** The order a first click sorts by: points high first, scores low first. */
  first: Direction;
}

export const STANDING_COLUMNS: readonly Column[] = [
  { key: 'rank', label: 'Rank', first: 'ascending' },
  { key: 'team', label: 'Team', first: 'ascending' },
  { key: 'weeksPlayed', label: 'Weeks played', first: 'descending' },
  { key: 'points', label: 'Points', first: 'descending' },
  { key: 'averageNet', label: 'Average net', first: 'ascending' },
  { key: 'handicap', label: 'Handicap', first: 'ascending' },
  { key: 'bestGross', label: 'Best gross', first: 'ascending' },
];

export function sortRows(rows: readonly PublicStandingRow[], key: SortKey, direction: Direction): PublicStandingRow[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [x, y] = [a[key], b[key]];
    if (x === null || y === null) return x === y ? a.rank - b.rank : x === null ? 1 : -1;
    const order = typeof x === 'string' ? x.localeCompare(String(y)) : x - (y as number);
    return order * sign || a.rank - b.rank;
  });
}

/** A cell as printed: '–' for nothing yet. */
export const cell = (value: string | number | null): string => (value === null ? '–' : String(value));

/** The session asked for in the address, else the latest that has started by `today` (YYYY-MM-DD), else the first. */
export function openingSession(sessions: ReadonlyArray<{ id: string; startDate: string }>, asked: string | null, today: string): string {
  if (asked && sessions.some((session) => session.id === asked)) return asked;
  const started = sessions.filter((session) => session.startDate <= today).sort((a, b) => a.startDate.localeCompare(b.startDate));
  return started.at(-1)?.id ?? sessions[0]?.id ?? '';
}
