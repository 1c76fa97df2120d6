/**
 * The messages an event booking request sends: every field to staff (reply-to the visitor, a link to
 * the request in the staff area) and a receipt to the visitor with what they asked for and when the
 * venue replies. A visitor address that is not a plain address gets no receipt (it never reaches SMTP).
 */
import type { EventRequest } from '../record';
import { formatEventDate } from '../../../domain/dates';
import { formatDateTime } from '../../../domain/dates';
import { headerText, isPlainAddress } from '../../../shared/mail/address';
import type { MailMessage } from '../../../shared/mail/message';
import { site } from '../../../data/site';
import { eventRequestReceivedMail, eventRequestStaffMail } from './templates';
import type { Fact } from '../../../shared/mail/content';
import { readSiteUrl } from '../../../shared/server/env';
import { staffAddresses } from '../../../shared/mail/recipients';
import { requestAnchor } from '../rules/event-requests';

export const staffKey = (id: string) => `event-request-staff:${id}`;
export const customerKey = (id: string) => `event-request-received:${id}`;

/** What the visitor asked for, as both messages list it. */
function requestFacts(request: EventRequest): Fact[] {
  return [
    { label: 'Occasion', value: request.occasion },
    { label: 'Event date', value: formatEventDate(request.eventDate) },
    { label: 'Time', value: `${request.startTime} – ${request.endTime}` },
    { label: 'Party size', value: String(request.partySize) },
    { label: 'Additional requests', value: request.additionalRequests || 'None' },
  ];
}

export function eventRequestMessages(request: EventRequest, env: NodeJS.ProcessEnv = process.env): MailMessage[] {
  const name = headerText(`${request.firstName} ${request.lastName}`);
  const customer = isPlainAddress(request.email) ? request.email : null;
  const siteUrl = readSiteUrl(env);
  const staffFacts: Fact[] = [
    { label: 'Name', value: name },
    { label: 'E-mail', value: request.email },
    { label: 'Phone', value: request.phone },
    ...requestFacts(request),
    { label: 'Sent', value: formatDateTime(request.submittedAt) },
  ];
  const adminUrl = `${siteUrl ?? ''}/admin/event-requests#${encodeURIComponent(requestAnchor(request.id))}`;
  const staff: MailMessage = {
    key: staffKey(request.id),
    to: staffAddresses(env),
    ...(customer ? { replyTo: customer } : {}),
    subject: headerText(`Event request: ${request.occasion}, ${formatEventDate(request.eventDate)}, ${request.partySize} guests (${name})`),
    content: eventRequestStaffMail({ facts: staffFacts, adminUrl, customerName: name }),
  };
  if (!customer) return [staff];
  const receipt: MailMessage = {
    key: customerKey(request.id),
    to: [customer],
    replyTo: staffAddresses(env)[0] ?? site.email,
    subject: headerText(`We received your event request – ${site.name}`),
    content: eventRequestReceivedMail({ venueName: site.name, venuePhone: site.phone, facts: requestFacts(request), firstName: headerText(request.firstName), replyTime: site.replyTime }),
  };
  return [staff, receipt];
}
