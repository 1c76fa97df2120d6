/**
 * The scheduled run's part of the notify-me list: while a league session takes registrations (read
 * at the calendar clock), every address waiting gets its message queued and leaves the list, in one
 * script; while none does, nothing is read.
 */
import { league as leagueData } from '../catalogue';
import type { MailMessage } from '../../../shared/mail/message';
import type { League } from '../rules/league';
import { registrationState, sessionWindows } from '../rules/registration-window';
import type { OpenSession } from '../mail/opening-notice';
import { queueNotices } from './notice-list';
import { readNoticeList } from './notice-list-family';
import { withStore } from '../../../shared/server/store';

export type OpeningNoticeBuilder = (email: string, sessions: readonly OpenSession[]) => MailMessage;

/** Queues the notices due at `calendar`; answers the keys queued (to send at once). `now` dates the queueing. */
export async function queueOpeningNotices(buildMessage: OpeningNoticeBuilder, options: { league?: League; calendar: Date; now?: Date }): Promise<string[]> {
  const league = options.league ?? leagueData;
  const sessions = sessionWindows(league);
  const state = registrationState(sessions, options.calendar);
  if (state.kind !== 'open') return [];
  const waiting = await withStore((store) => readNoticeList(store));
  if (waiting.length === 0) return [];
  const open = sessions.filter((session) => state.sessionIds.includes(session.id)).map(({ id, startDate, name, dates, closesAt }) => ({ id, startDate, name, dates, closesAt }));
  return queueNotices(
    waiting.map(({ email }) => ({ email, message: buildMessage(email, open) })),
    options.now ?? new Date(),
  );
}
