/**
 * The score entry's form (pure): a row per team with what staff type (text, as typed), the week's
 * award winners, the body sent to save it, and the summary shown before saving. A blank gross score
 * means the team did not play. The server checks everything again; these only shape the request.
 */
import type { EntryAnswer } from '../contract/admin-league-play';
import type { WeekBody } from '../rules/play-entry';

export interface EntryRow {
  teamId: string;
  name: string;
  gross: string;
  course: string;
  par: string;
  starting: string;
}

export interface AwardRow {
  awardId: string;
  name: string;
  example: string;
  teamId: string;
  value: string;
}

export interface WeekForm {
  week: number;
  course: string;
  par: string;
  rows: EntryRow[];
  awards: AwardRow[];
}

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The form for a week: as saved when it was, else blank with the last course and the default par. */
export function weekForm(answer: EntryAnswer, week: number): WeekForm {
  const saved = answer.weeks.find((each) => each.week === week);
  const played = saved?.entries.find((entry) => entry.played);
  const course = played?.course ?? '';
  const par = String(played?.par ?? answer.rules.defaultPar);
  return {
    week,
    course,
    par,
    rows: answer.teams.map((team) => {
      const entry = saved?.entries.find((each) => each.teamId === team.id);
      return {
        teamId: team.id,
        name: team.name,
        gross: entry?.played ? text(entry.gross) : '',
        course: entry?.played && entry.course !== course ? entry.course : '',
        par: entry?.played && String(entry.par) !== par ? String(entry.par) : '',
        starting: text(team.startingHandicap),
      };
    }),
    awards: answer.rules.awards.map((award) => {
      const winner = saved?.awards.find((each) => each.awardId === award.id);
      return { awardId: award.id, name: award.name, example: award.example, teamId: winner?.teamId ?? '', value: winner?.value ?? '' };
    }),
  };
}

/** A number as typed, or NaN (the server names the field); blank is null. */
const numberOf = (value: string): number | null => (value.trim() === '' ? null : Number(value.trim()));

export function weekBody(answer: EntryAnswer, form: WeekForm): WeekBody {
  const startingHandicaps: Record<string, number | null> = {};
  for (const row of form.rows) {
    const before = answer.teams.find((team) => team.id === row.teamId)?.startingHandicap ?? null;
    const now = numberOf(row.starting);
    if (now !== before) startingHandicaps[row.teamId] = now;
  }
  return {
    sessionId: answer.session.id,
    week: form.week,
    expectedVersion: answer.version,
    entries: form.rows.map((row) => {
      const gross = numberOf(row.gross);
      return { teamId: row.teamId, played: gross !== null, gross, course: row.course.trim() || form.course.trim(), par: numberOf(row.par) ?? numberOf(form.par) ?? answer.rules.defaultPar };
    }),
    awards: form.awards.filter((award) => award.teamId !== '' || award.value.trim() !== '').map((award) => ({ awardId: award.awardId, teamId: award.teamId, value: award.value.trim() })),
    ...(Object.keys(startingHandicaps).length > 0 ? { startingHandicaps } : {}),
  };
}

/** What staff confirm before saving: who played, the scores' range, who did not, the awards, what changes. */
export function weekSummary(answer: EntryAnswer, body: WeekBody): string[] {
  const name = (id: string) => answer.teams.find((team) => team.id === id)?.name ?? id;
  const played = body.entries.filter((entry) => entry.played);
  const scores = played.map((entry) => entry.gross).filter((gross): gross is number => gross !== null && Number.isFinite(gross));
  const absent = body.entries.filter((entry) => !entry.played).map((entry) => name(entry.teamId));
  const saved = answer.weeks.some((week) => week.week === body.week);
  const lines = [
    `${saved ? 'Correct' : 'Save'} week ${body.week} of the ${answer.session.name}: ${played.length} of ${body.entries.length} teams played.`,
    scores.length > 0 ? `Gross scores from ${Math.min(...scores)} to ${Math.max(...scores)}.` : 'No gross score entered.',
    absent.length > 0 ? `Did not play: ${absent.join(', ')}.` : 'Every team played.',
    ...body.awards.map((award) => `${answer.rules.awards.find((each) => each.id === award.awardId)?.name ?? award.awardId}: ${award.teamId ? name(award.teamId) : 'no team chosen'}, ${award.value || 'no value'}.`),
    ...Object.entries(body.startingHandicaps ?? {}).map(([id, handicap]) => `${name(id)} starts off ${handicap ?? 'no handicap'}.`),
  ];
  if (saved) lines.push('Teams whose result changes get a short correction by e-mail.');
  else lines.push('Each team gets its result by e-mail.');
  return lines;
}

/** Field errors of the answer by row: 'entries.3.gross' → row 3's gross. */
export function rowErrors(fields: Readonly<Record<string, string>>, prefix: 'entries' | 'awards', index: number): Record<string, string> {
  const start = `${prefix}.${index}.`;
  return Object.fromEntries(Object.entries(fields).filter(([key]) => key.startsWith(start)).map(([key, message]) => [key.slice(start.length), message]));
}
