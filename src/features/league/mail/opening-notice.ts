/**
 * The e-mail to a visitor who asked to hear when league registration opens: which sessions take
 * registrations now, until when, and the link to register. Keyed by the address and the first open
 * session's run (its id and first day: ids come back every season), so an address is told once per
 * opening whatever the runs of the scheduled function, and again when next season's opens.
 */
import { headerText } from '../../../shared/mail/address';
import type { MailContent } from '../../../shared/mail/content';
import type { MailMessage } from '../../../shared/mail/message';
import { sessionRunId } from '../rules/league';
import { closingPhrase } from '../rules/registration-window';
import { venue } from '../../../shared/mail/venue';

export interface OpenSession {
  id: string;
  /** Its first day (YYYY-MM-DD). */
  startDate: string;
  name: string;
  dates: string;
  /** ISO instant registration closes. */
  closesAt: string;
}

export const openingNoticeKey = (session: Pick<OpenSession, 'id' | 'startDate'>, email: string) => `league-opening:${sessionRunId(session)}:${email.toLowerCase()}`;

export function openingNoticeMail(sessions: readonly OpenSession[], registerUrl: string, venueName: string): MailContent {
  const title = 'League registration is open';
  return {
    title,
    preview: `${sessions.map((session) => session.name).join(', ')}: register your team now.`,
    blocks: [
      { kind: 'paragraph', text: `You asked us to tell you when league registration opens at ${venueName}: it is open now.` },
      { kind: 'facts', facts: sessions.map((session) => ({ label: session.name, value: `${session.dates}, registration open ${closingPhrase(session.closesAt)}` })) },
      { kind: 'link', text: 'Register your team', href: registerUrl },
      { kind: 'paragraph', text: 'This is the only message we send about it: your address is off the list now.' },
    ],
  };
}

export function openingNoticeMessage(email: string, sessions: readonly OpenSession[], origin: string): MailMessage {
  return {
    key: openingNoticeKey(sessions[0]!, email),
    to: [email],
    subject: headerText(`League registration is open – ${venue.name}`),
    content: openingNoticeMail(sessions, `${origin}/league-registration`, venue.name),
  };
}
