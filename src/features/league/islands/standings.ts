/**
 * /league/standings, framework-free: reads the session's standings from GET /api/league/standings and
 * fills the page's prebuilt tables (every text set as text, never as markup), makes their column
 * headers sort, and lists the week's results, the awards, the qualifiers and the playoffs. Until it
 * has, the page's own text says where else the standings are.
 */
import { leagueStandings, type SeasonView, type SessionView, type StandingsAnswer } from '../contract/league-standings';
import { cell, openingSession, sortRows, STANDING_COLUMNS, type Direction, type SortKey } from './standings-table';
import { venueDate } from '../../../domain/venue-calendar';

type Rows = SessionView['flights'][number]['rows'];

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string | number | null, attributes: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = cell(text);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

function fillStandings(table: HTMLTableElement, rows: Rows, key: SortKey, direction: Direction): void {
  const body = table.tBodies[0]!;
  body.replaceChildren(
    ...sortRows(rows, key, direction).map((row) => {
      const tr = element('tr');
      for (const column of STANDING_COLUMNS) tr.append(column.key === 'team' ? element('th', row.team, { scope: 'row' }) : element('td', row[column.key]));
      return tr;
    }),
  );
  table.querySelectorAll<HTMLTableCellElement>('thead th').forEach((th, index) => {
    if (STANDING_COLUMNS[index]!.key === key) th.setAttribute('aria-sort', direction);
    else th.removeAttribute('aria-sort');
  });
}

/** Column headers become buttons that sort the table; a second press reverses the order. */
function sortable(table: HTMLTableElement, rows: Rows): void {
  let current: { key: SortKey; direction: Direction } = { key: 'rank', direction: 'ascending' };
  table.querySelectorAll<HTMLTableCellElement>('thead th').forEach((th, index) => {
    const column = STANDING_COLUMNS[index]!;
    const button = element('button', column.label, { type: 'button', class: 'font-bold underline-offset-4 hover:underline' });
    button.addEventListener('click', () => {
      const direction = current.key === column.key ? (current.direction === 'ascending' ? 'descending' : 'ascending') : column.first;
      current = { key: column.key, direction };
      fillStandings(table, rows, column.key, direction);
    });
    th.replaceChildren(button);
  });
  fillStandings(table, rows, current.key, current.direction);
}

function fillWeek(root: HTMLElement, view: SessionView, week: number): void {
  const results = view.results.find((each) => each.week === week);
  const table = root.querySelector<HTMLTableElement>('[data-week-table]')!;
  table.caption!.textContent = `${view.sessionName}, week ${week}: results`;
  table.tBodies[0]!.replaceChildren(
    ...(results?.rows ?? []).map((row) => {
      const tr = element('tr');
      tr.append(element('th', row.team, { scope: 'row' }), element('td', row.flight), element('td', row.played ? row.gross : 'Did not play'), element('td', row.handicap), element('td', row.net), element('td', row.flightRank), element('td', row.points));
      return tr;
    }),
  );
  root.querySelector('[data-awards]')!.replaceChildren(...(results?.awards.length ? results.awards.map((award) => element('li', `${award.award}: ${award.team}, ${award.value}`)) : [element('li', 'No awards entered for this week.')]));
}

function fillSeason(root: HTMLElement, season: SeasonView | null): void {
  const qualifiers = season?.qualifiers ?? [];
  root.querySelector('[data-qualifiers]')!.replaceChildren(...(qualifiers.length ? qualifiers.map((each) => element('li', `${each.team}: ${each.reasons.join('; ')}`)) : [element('li', 'No team has qualified yet.')]));
  const playoffs = root.querySelector<HTMLElement>('[data-playoffs]')!;
  const rounds = season ? ([['Qualifier round', season.playoffs.qualifier], ['Championship final', season.playoffs.final]] as const) : [];
  playoffs.replaceChildren(
    ...rounds
      .filter(([, entries]) => entries.length > 0)
      .map(([title, entries]) => {
        const table = element('table', undefined, { class: 'standings-table mt-4' });
        table.append(element('caption', title), element('thead'), element('tbody'));
        const head = element('tr');
        head.append(element('th', 'Seed', { scope: 'col' }), element('th', 'Team', { scope: 'col' }), element('th', 'Gross', { scope: 'col' }));
        table.tHead!.append(head);
        for (const entry of entries) {
          const tr = element('tr');
          tr.append(element('td', entry.seed), element('th', entry.team, { scope: 'row' }), element('td', entry.gross));
          table.tBodies[0]!.append(tr);
        }
        return table;
      }),
  );
  if (season?.playoffs.champion) playoffs.append(element('p', `Champion: ${season.playoffs.champion}`, { class: 'mt-4 font-bold' }));
}

function render(root: HTMLElement, answer: StandingsAnswer): void {
  const view = answer.session;
  const status = root.querySelector<HTMLElement>('[data-standings-status]')!;
  const content = root.querySelector<HTMLElement>('[data-standings]')!;
  fillSeason(root, answer.season);
  content.hidden = false;
  if (!view || view.results.length === 0) {
    status.textContent = 'No week has been played in this session yet: the standings appear here after the first league night.';
    root.querySelectorAll<HTMLElement>('[data-session-part]').forEach((part) => (part.hidden = true));
    return;
  }
  root.querySelectorAll<HTMLElement>('[data-session-part]').forEach((part) => (part.hidden = false));
  const last = Math.max(...view.results.map((week) => week.week));
  status.textContent = `${view.sessionName}: standings after week ${last} of ${view.weeks}.`;
  for (const flight of view.flights) {
    const table = root.querySelector<HTMLTableElement>(`table[data-flight="${flight.id}"]`);
    if (table) sortable(table, flight.rows);
  }
  const select = root.querySelector<HTMLSelectElement>('[data-week-select]')!;
  select.replaceChildren(...view.results.map((week) => element('option', `Week ${week.week}`, { value: String(week.week) })));
  select.value = String(last);
  select.onchange = () => fillWeek(root, view, Number(select.value));
  fillWeek(root, view, last);
}

export async function startStandings(root: HTMLElement, now = new Date()): Promise<void> {
  const sessions = JSON.parse(root.dataset['sessions'] ?? '[]') as Array<{ id: string; startDate: string }>;
  // The venue's today: its evening is already tomorrow in UTC.
  const session = openingSession(sessions, new URLSearchParams(location.search).get('session'), venueDate(now));
  root.querySelectorAll<HTMLAnchorElement>('[data-session-link]').forEach((link) => (link.dataset['sessionLink'] === session ? link.setAttribute('aria-current', 'page') : link.removeAttribute('aria-current')));
  const status = root.querySelector<HTMLElement>('[data-standings-status]')!;
  try {
    const response = await fetch(`${leagueStandings.path}?session=${encodeURIComponent(session)}`);
    if (!response.ok) throw new Error(String(response.status));
    render(root, (await response.json()) as StandingsAnswer);
  } catch {
    status.textContent = status.dataset['failed'] ?? '';
  }
}
