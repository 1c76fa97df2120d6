/**
 * The member lookup of /admin/members as pure functions: subscription status colours, expiry
 * labels, plan names, amounts, and searching, filtering, sorting and counting members.
 */
import type { Member as AdminMember, MemberSubscription as AdminSubscription } from '../contract/admin-members';
import { formatCents } from '../../../domain/money';
import { isOptionId, options } from '../../staff/islands/options';

export type { AdminMember, AdminSubscription };

/** The colours of the staff UI's badges and labels. */
export type Tone = 'green' | 'yellow' | 'orange' | 'red' | 'grey';

/** A subscription's status colour: active green, past_due yellow, canceled red, anything else grey. */
export function subscriptionStatusTone(status: string): Tone {
  switch (status) {
    case 'active':
      return 'green';
    case 'past_due':
      return 'yellow';
    case 'canceled':
      return 'red';
    default:
      return 'grey';
  }
}

/** "past_due" → "Past Due". */
export function statusLabel(status: string): string {
  return status
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

export const DAY_MS = 86_400_000;
/** A membership is expiring soon with 30 days or fewer left; its label warns at 7 and at 30 days. */
export const EXPIRING_SOON_DAYS = 30;
export const EXPIRY_WARNING_DAYS = 7;

/**
 * Days from now until a Stripe time (epoch seconds): rounded up while it is ahead (a period ending in
 * 3 days and 2 hours has 4 days left), rounded down once it has passed (an hour ago is -1).
 */
export function daysRemaining(periodEndSeconds: number, now: Date): number {
  const ms = periodEndSeconds * 1000 - now.getTime();
  return ms >= 0 ? Math.ceil(ms / DAY_MS) : Math.floor(ms / DAY_MS);
}

export interface ExpiryLabel {
  text: string;
  tone: Tone;
}

/**
 * The expiry label: not active → 'Inactive'; fewer than 0 days left → 'Expired'; otherwise
 * 'Expires in N days', yellow at 7 days or fewer, orange at 30 or fewer, green beyond.
 */
export function expiryLabel(subscription: Pick<AdminSubscription, 'status' | 'current_period_end'>, now: Date): ExpiryLabel {
  if (subscription.status !== 'active') return { text: 'Inactive', tone: 'grey' };
  if (subscription.current_period_end === null) return { text: 'Active (no end date)', tone: 'green' };
  const days = daysRemaining(subscription.current_period_end, now);
  if (days < 0) return { text: 'Expired', tone: 'red' };
  const text = `Expires in ${days} ${days === 1 ? 'day' : 'days'}`;
  if (days <= EXPIRY_WARNING_DAYS) return { text, tone: 'yellow' };
  if (days <= EXPIRING_SOON_DAYS) return { text, tone: 'orange' };
  return { text, tone: 'green' };
}

/** Auto-renewal reads 'Active (will renew)' only when the subscription is active. */
export function renewalLabel(subscription: Pick<AdminSubscription, 'status'>): string | null {
  return subscription.status === 'active' ? 'Active (will renew)' : null;
}

type Price = AdminSubscription['items']['data'][number]['price'];

/** A plan's name: a known price id's name, else the price's nickname, else 'Membership Plan'. */
export function planDisplayName(price: Pick<Price, 'id' | 'nickname'> | undefined, knownPrices: Readonly<Record<string, string>> = {}): string {
  if (!price) return 'Membership Plan';
  return knownPrices[price.id] ?? (price.nickname?.trim() || 'Membership Plan');
}

/** "$199.00 / month", "$1,017.00 / 3 months", or the amount alone for a one-off price. */
export function priceAmountLabel(price: Pick<Price, 'unit_amount' | 'recurring'> | undefined): string {
  if (!price || price.unit_amount === null) return '—';
  const amount = formatCents(price.unit_amount);
  const recurring = price.recurring;
  if (!recurring) return amount;
  return recurring.interval_count === 1 ? `${amount} / ${recurring.interval}` : `${amount} / ${recurring.interval_count} ${recurring.interval}s`;
}

/** A member counts as active when one of their subscriptions is active. */
export function isActiveMember(member: AdminMember): boolean {
  return member.subscriptions.some((subscription) => subscription.status === 'active');
}

/**
 * The day the membership runs out: the latest period end among active subscriptions, else among
 * all of them; null when no subscription has one.
 */
export function memberExpiration(member: AdminMember): number | null {
  const ends = (list: readonly AdminSubscription[]) =>
    list.map((subscription) => subscription.current_period_end).filter((end): end is number => typeof end === 'number');
  const active = ends(member.subscriptions.filter((subscription) => subscription.status === 'active'));
  const all = active.length > 0 ? active : ends(member.subscriptions);
  return all.length > 0 ? Math.max(...all) : null;
}

/** Expiring soon: active, and its period ends within 0 to 30 days. */
export function isExpiringSoon(member: AdminMember, now: Date): boolean {
  if (!isActiveMember(member)) return false;
  const end = memberExpiration(member);
  if (end === null) return false;
  const days = daysRemaining(end, now);
  return days >= 0 && days <= EXPIRING_SOON_DAYS;
}

export const MEMBER_FILTERS = options({ all: 'All', active: 'Active Only', inactive: 'Inactive Only', expiring: 'Expiring Soon' });
export type MemberFilter = (typeof MEMBER_FILTERS)[number]['id'];

export const MEMBER_SORTS = options({ name: 'Name', email: 'Email', joined: 'Join Date', expiration: 'Expiration' });
export type MemberSort = (typeof MEMBER_SORTS)[number]['id'];

export const isMemberFilter = (value: string): value is MemberFilter => isOptionId(MEMBER_FILTERS, value);
export const isMemberSort = (value: string): value is MemberSort => isOptionId(MEMBER_SORTS, value);

/** Search by e-mail or name: case-insensitive, every word of the query must appear in one of them. */
export function matchesSearch(member: AdminMember, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${member.name ?? ''} ${member.email ?? ''}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function matchesFilter(member: AdminMember, filter: MemberFilter, now: Date): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'active':
      return isActiveMember(member);
    case 'inactive':
      return !isActiveMember(member);
    case 'expiring':
      return isExpiringSoon(member, now);
  }
}

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

/** Compares texts with empty values last. */
function compareText(a: string | null, b: string | null): number {
  const left = a?.trim() ?? '';
  const right = b?.trim() ?? '';
  if (!left || !right) return left ? -1 : right ? 1 : 0;
  return collator.compare(left, right);
}

/**
 * Sorts a copy: name and e-mail A→Z (missing last), join date newest first, expiration soonest
 * first (members without one last). Ties keep e-mail order, then id, so the order is stable.
 */
export function sortMembers(members: readonly AdminMember[], sort: MemberSort): AdminMember[] {
  const tieBreak = (a: AdminMember, b: AdminMember) => compareText(a.email, b.email) || a.id.localeCompare(b.id);
  const compare = (a: AdminMember, b: AdminMember): number => {
    switch (sort) {
      case 'name':
        return compareText(a.name, b.name);
      case 'email':
        return compareText(a.email, b.email);
      case 'joined':
        return b.created - a.created;
      case 'expiration': {
        const left = memberExpiration(a);
        const right = memberExpiration(b);
        if (left === null || right === null) return left === null ? (right === null ? 0 : 1) : -1;
        return left - right;
      }
    }
  };
  return [...members].sort((a, b) => compare(a, b) || tieBreak(a, b));
}

export interface MemberQuery {
  search: string;
  filter: MemberFilter;
  sort: MemberSort;
}

/** The members shown for a search, filter and sort. */
export function selectMembers(members: readonly AdminMember[], query: MemberQuery, now: Date): AdminMember[] {
  return sortMembers(
    members.filter((member) => matchesSearch(member, query.search) && matchesFilter(member, query.filter, now)),
    query.sort,
  );
}

export interface MemberSummary {
  total: number;
  active: number;
  inactive: number;
  expiringSoon: number;
}

export function memberSummary(members: readonly AdminMember[], now: Date): MemberSummary {
  const active = members.filter(isActiveMember).length;
  return {
    total: members.length,
    active,
    inactive: members.length - active,
    expiringSoon: members.filter((member) => isExpiringSoon(member, now)).length,
  };
}
