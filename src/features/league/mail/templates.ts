/** Each player's league confirmation (the calendar is attached beside it). */
import type { Fact, MailContent } from '../../../shared/mail/content';

export interface ConfirmedSession {
  name: string;
  dates: string;
  practiceDates: string;
  team: string;
  teeTime: string;
  firstRound: string;
}

export function leagueConfirmationMail({ playerName, facts, sessions }: { playerName: string; facts: Fact[]; sessions: readonly ConfirmedSession[] }): MailContent {
  const title = 'Your league registration is confirmed';
  return {
    title,
    preview: title,
    blocks: [
      { kind: 'paragraph', text: `Hi ${playerName}, your team is registered and paid. See you on the tee.` },
      { kind: 'facts', facts },
      ...sessions.map((session) => ({
        kind: 'facts' as const,
        facts: [
          { label: session.name, value: session.dates },
          { label: 'Team', value: session.team },
          { label: 'Tee time', value: `${session.teeTime}, weekly` },
          { label: 'Practice dates', value: session.practiceDates },
          { label: 'First round', value: session.firstRound },
        ],
      })),
      { kind: 'paragraph', text: 'The attached calendar file adds your weekly tee time for each session to your calendar.' },
    ],
  };
}
