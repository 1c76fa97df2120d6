/**
 * The messages of a paid league registration: to each player (by e-mail) a confirmation naming team,
 * sessions with their dates, practice dates, tee time and amount paid, with an .ics calendar of the
 * weekly tee time per session; to staff a short notice. One Checkout pays one or more sessions (one
 * record each), so the messages are keyed by the first record: replays of the payment queue nothing new.
 */
import { isPlainAddress, headerText } from '../../../shared/mail/address';
import { weeklyCalendar } from '../../../shared/mail/ics';
import { firstRoundDate, leagueEvent, teeTimeSlot } from '../rules/league-calendar';
import type { MailMessage } from '../../../shared/mail/message';
import { formatEventDate } from '../../../domain/dates';
import { findSession, teeTimeLabel } from '../rules/league';
import { formatCents } from '../../../domain/money';
import { league } from '../catalogue';
import { site } from '../../../data/site';
import { leagueConfirmationMail, type ConfirmedSession } from './templates';
import { staffNoticeMail } from '../../../shared/mail/staff-notice';
import type { Fact } from '../../../shared/mail/content';
import type { StoredRegistration } from '../server/stored-registration';
import { staffAddresses } from '../../../shared/mail/recipients';
import { venue } from '../../../shared/mail/venue';

export const confirmationKey = (firstId: string, email: string) => `league-confirmation:${firstId}:${email.toLowerCase()}`;
export const leagueStaffKey = (firstId: string) => `league-paid:${firstId}`;

function confirmedSession(record: StoredRegistration): ConfirmedSession {
  const session = findSession(league, record.sessionId);
  const slot = teeTimeSlot(league, record.teeTime);
  return {
    name: session?.name ?? record.sessionId,
    dates: session?.dates ?? '',
    practiceDates: session?.practiceDates ?? '',
    team: record.teamName || 'Not named',
    teeTime: teeTimeLabel(league, record.teeTime),
    firstRound: session && slot ? formatEventDate(firstRoundDate(session, slot)) : '',
  };
}

function calendar(records: readonly StoredRegistration[], now: Date): string {
  const domain = site.email.split('@')[1] ?? 'localhost';
  const events = records.flatMap((record) => {
    const session = findSession(league, record.sessionId);
    const slot = teeTimeSlot(league, record.teeTime);
    if (!session || !slot) return [];
    return [
      leagueEvent(session, slot, {
        uid: `league-${record.id}@${domain}`,
        summary: `${site.name} league: ${session.name}`,
        description: `Team ${record.teamName || record.players.map((player) => player.name).join(' & ')}, ${teeTimeLabel(league, record.teeTime)} weekly. ${site.phone}`,
        location: venue.address,
      }),
    ];
  });
  return weeklyCalendar(events, { productId: `-//${site.name}//League//EN`, now });
}

function confirmation(email: string, name: string, records: readonly StoredRegistration[], firstId: string, now: Date): MailMessage {
  const facts: Fact[] = [{ label: 'Amount paid', value: formatCents(records.reduce((sum, record) => sum + record.amountCents, 0)) }];
  return {
    key: confirmationKey(firstId, email),
    to: [email],
    subject: headerText(`Your league registration is confirmed – ${site.name}`),
    content: leagueConfirmationMail({ playerName: headerText(name), facts, sessions: records.map(confirmedSession) }),
    attachments: [{ filename: 'league-tee-times.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: calendar(records, now) }],
  };
}

function staffNotice(records: readonly StoredRegistration[], firstId: string, env: NodeJS.ProcessEnv): MailMessage {
  const sessions = records.map(confirmedSession);
  const teams = [...new Set(sessions.map((session) => session.team))].join(', ');
  const facts: Fact[] = [
    { label: 'Team', value: teams },
    ...sessions.map((session) => ({ label: session.name, value: `${session.teeTime}` })),
    ...records[0]!.players.map((player, index) => ({ label: `Player ${index + 1}`, value: `${player.name}, ${player.email}, ${player.phone}` })),
    { label: 'Amount paid', value: formatCents(records.reduce((sum, record) => sum + record.amountCents, 0)) },
  ];
  return {
    key: leagueStaffKey(firstId),
    to: staffAddresses(env),
    subject: headerText(`League registration paid: ${teams}`),
    content: staffNoticeMail({ title: 'League registration paid', lead: `${teams} paid for ${sessions.map((session) => session.name).join(', ')}.`, facts }),
  };
}

/** The messages of registrations one Checkout paid (none when there are no records). */
export function leagueMessages(records: readonly StoredRegistration[], now: Date, env: NodeJS.ProcessEnv = process.env): MailMessage[] {
  if (records.length === 0) return [];
  const firstId = [...records].map((record) => record.id).sort()[0]!;
  const players = new Map<string, { name: string; records: StoredRegistration[] }>();
  for (const record of records) {
    for (const player of record.players) {
      const email = player.email.trim().toLowerCase();
      if (!isPlainAddress(email)) continue;
      const entry = players.get(email) ?? { name: player.name, records: [] };
      entry.records.push(record);
      players.set(email, entry);
    }
  }
  const confirmations = [...players].map(([email, player]) => confirmation(email, player.name, player.records, firstId, now));
  return [...confirmations, staffNotice(records, firstId, env)];
}
