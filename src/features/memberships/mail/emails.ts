/**
 * The staff's notices about memberships: started, a renewal payment failed, cancelled. The member's
 * own billing e-mails stay Stripe's. Keyed by the subscription (started, cancelled) or the invoice
 * (payment failed), so a repeated event queues nothing new.
 */
import { headerText } from '../../../shared/mail/address';
import type { MailMessage } from '../../../shared/mail/message';
import { formatCents } from '../../../domain/money';
import { staffNoticeMail } from '../../../shared/mail/staff-notice';
import type { Fact } from '../../../shared/mail/content';
import { staffAddresses } from '../../../shared/mail/recipients';

export type MembershipChange = 'started' | 'payment-failed' | 'cancelled';

const TITLES: Record<MembershipChange, string> = {
  started: 'Membership started',
  'payment-failed': 'Membership renewal payment failed',
  cancelled: 'Membership cancelled',
};

export interface MembershipNotice {
  change: MembershipChange;
  /** The subscription (started, cancelled) or invoice (payment failed) id: the message's key. */
  objectId: string;
  /** Who: the customer's name and e-mail as Stripe has them, else the customer id. */
  member: string;
  /** 'bogey-plus, 12-month' from the subscription's metadata, when known. */
  plan?: string;
  amountDueCents?: number;
  attempt?: number;
  status?: string;
}

export const membershipKey = (notice: Pick<MembershipNotice, 'change' | 'objectId'>) => `membership-${notice.change}:${notice.objectId}`;

export function membershipMessage(notice: MembershipNotice, env: NodeJS.ProcessEnv = process.env): MailMessage {
  const title = TITLES[notice.change];
  const facts: Fact[] = [
    { label: 'Member', value: notice.member },
    ...(notice.plan ? [{ label: 'Plan', value: notice.plan }] : []),
    ...(notice.amountDueCents !== undefined ? [{ label: 'Amount due', value: formatCents(notice.amountDueCents) }] : []),
    ...(notice.attempt !== undefined ? [{ label: 'Payment attempt', value: String(notice.attempt) }] : []),
    ...(notice.status ? [{ label: 'Stripe status', value: notice.status }] : []),
    { label: 'Stripe reference', value: notice.objectId },
  ];
  return {
    key: membershipKey(notice),
    to: staffAddresses(env),
    subject: headerText(`${title}: ${notice.member}`),
    content: staffNoticeMail({ title, lead: `${title}: ${notice.member}. The member's billing e-mails come from Stripe.`, facts }),
  };
}
