/**
 * A team's weekly result mail (pure): its score, net, points and rank in its flight, and the week's
 * award winners, to both players; keyed per session, week and team, so the outbox sends it once
 * however often the week is saved. An edit that changes a team's line sends a short correction, keyed
 * by the save's version. Each carries the team's opt-out link.
 */
import { headerText } from '../../../shared/mail/address';
import type { Fact, MailContent } from '../../../shared/mail/content';
import type { MailMessage } from '../../../shared/mail/message';
import { venue } from '../../../shared/mail/venue';
import type { SessionView } from '../contract/league-standings';

export const weekMailKey = (sessionId: string, week: number, teamId: string) => `league-week:${sessionId}:${week}:${teamId}`;
export const correctionMailKey = (sessionId: string, week: number, teamId: string, version: number) => `league-week-fix:${sessionId}:${week}:${teamId}:${version}`;

export interface TeamMailInput {
  teamId: string;
  team: string;
  to: string[];
  optOutUrl: string;
  standingsUrl: string;
}

type WeekResults = SessionView['results'][number];

/** The team's line of the week as facts; null when the team has none. */
export function teamFacts(view: SessionView, week: number, team: string): Fact[] | null {
  const results = view.results.find((each) => each.week === week);
  const row = results?.rows.find((each) => each.team === team);
  if (!results || !row) return null;
  const inFlight = results.rows.filter((each) => each.flight === row.flight && each.played).length;
  const seasonRow = view.flights.flatMap((flight) => flight.rows).find((each) => each.team === team);
  if (!row.played) return [{ label: 'Week', value: `${week}: did not play` }, { label: 'Season points', value: String(seasonRow?.points ?? 0) }];
  return [
    { label: 'Gross', value: `${row.gross} (${row.course})` },
    { label: 'Handicap', value: String(row.handicap) },
    { label: 'Net', value: String(row.net) },
    { label: 'Points', value: String(row.points) },
    { label: `Rank in ${row.flight}`, value: `${row.flightRank} of ${inFlight}` },
    { label: 'Season points', value: String(seasonRow?.points ?? 0) },
  ];
}

const awardFacts = (results: WeekResults | undefined): Fact[] => (results?.awards ?? []).map((winner) => ({ label: winner.award, value: `${winner.team}, ${winner.value}` }));

function content(title: string, lead: string, facts: Fact[], awards: Fact[], input: TeamMailInput): MailContent {
  return {
    title,
    preview: lead,
    blocks: [
      { kind: 'paragraph', text: lead },
      { kind: 'facts', facts },
      ...(awards.length > 0 ? [{ kind: 'paragraph' as const, text: 'This week’s awards:' }, { kind: 'facts' as const, facts: awards }] : []),
      { kind: 'link', text: 'See the standings', href: input.standingsUrl },
      { kind: 'link', text: 'Stop these weekly e-mails for our team', href: input.optOutUrl },
    ],
  };
}

export function weekMessage(view: SessionView, week: number, input: TeamMailInput): MailMessage | null {
  const facts = teamFacts(view, week, input.team);
  if (!facts) return null;
  const title = `${view.sessionName}, week ${week}: ${input.team}`;
  const results = view.results.find((each) => each.week === week);
  return {
    key: weekMailKey(view.sessionId, week, input.teamId),
    to: input.to,
    subject: headerText(`${title} – ${venue.name}`),
    content: content(title, `Here is how ${input.team} did in week ${week} of the ${view.sessionName}.`, facts, awardFacts(results), input),
  };
}

export function correctionMessage(view: SessionView, week: number, input: TeamMailInput): MailMessage | null {
  const facts = teamFacts(view, week, input.team);
  if (!facts) return null;
  const title = `Correction: ${view.sessionName}, week ${week}`;
  return {
    key: correctionMailKey(view.sessionId, week, input.teamId, view.version),
    to: input.to,
    subject: headerText(`${title} – ${venue.name}`),
    content: content(title, `We corrected week ${week}’s results. ${input.team} now reads:`, facts, [], input),
  };
}
