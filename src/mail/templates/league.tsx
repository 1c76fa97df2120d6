/** Each player's league confirmation (the calendar is attached beside it). */
import { Facts, MailLayout, Paragraph, type Fact, type Venue } from './layout';

export interface ConfirmedSession {
  name: string;
  dates: string;
  practiceDates: string;
  team: string;
  teeTime: string;
  firstRound: string;
}

export function LeagueConfirmationMail({
  venue,
  playerName,
  facts,
  sessions,
}: {
  venue: Venue;
  playerName: string;
  facts: readonly Fact[];
  sessions: readonly ConfirmedSession[];
}) {
  return (
    <MailLayout venue={venue} preview="Your league registration is confirmed" title="Your league registration is confirmed">
      <Paragraph>Hi {playerName}, your team is registered and paid. See you on the tee.</Paragraph>
      <Facts facts={facts} />
      {sessions.map((session) => (
        <Facts
          key={session.name}
          facts={[
            { label: session.name, value: session.dates },
            { label: 'Team', value: session.team },
            { label: 'Tee time', value: `${session.teeTime}, weekly` },
            { label: 'Practice dates', value: session.practiceDates },
            { label: 'First round', value: session.firstRound },
          ]}
        />
      ))}
      <Paragraph>The attached calendar file adds your weekly tee time for each session to your calendar.</Paragraph>
    </MailLayout>
  );
}
