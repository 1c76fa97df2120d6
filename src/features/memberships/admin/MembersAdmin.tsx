import { useMemo, useState } from 'react';
import { formatEpochDate } from '../../../domain/dates';
import {
  expiryLabel,
  isMemberFilter,
  isMemberSort,
  MEMBER_FILTERS,
  MEMBER_SORTS,
  memberSummary,
  planDisplayName,
  priceAmountLabel,
  renewalLabel,
  selectMembers,
  statusLabel,
  subscriptionStatusTone,
  type AdminMember,
  type AdminSubscription,
  type MemberFilter,
  type MemberSort,
} from './members';
import { asChoices } from '../../staff/islands/options';
import { listMembers } from '../contract/admin-members';
import { InputField, SelectField } from '../../../islands/shared/Field';
import AdminShell from '../../staff/islands/AdminShell';
import { Badge, LoadError, Loading, StatCard, TONE_TEXT, useAdminData } from '../../staff/islands/ui';

/**
 * /admin/members: members and their subscriptions, searched, filtered and sorted, with status colours
 * and expiry labels. knownPrices: price id → plan name, from the site's settings.
 */
export default function MembersAdmin({ knownPrices }: { knownPrices: Record<string, string> }) {
  return (
    <AdminShell current="/admin/members" title="Members" intro="Customers with a membership subscription, live from the payment provider." requireFlag>
      <MembersList knownPrices={knownPrices} />
    </AdminShell>
  );
}

function MembersList({ knownPrices }: { knownPrices: Record<string, string> }) {
  const [loaded, reload] = useAdminData(listMembers);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<MemberFilter>('all');
  const [sort, setSort] = useState<MemberSort>('name');
  // One "now" per load, so labels and filters agree with each other.
  const now = useMemo(() => new Date(), [loaded]);
  const members = loaded.status === 'ready' ? loaded.data : [];
  const shown = useMemo(() => selectMembers(members, { search, filter, sort }, now), [members, search, filter, sort, now]);
  const summary = useMemo(() => memberSummary(members, now), [members, now]);

  if (loaded.status === 'loading') return <Loading label="Loading members..." />;
  if (loaded.status === 'error') return <LoadError message={loaded.message} onRetry={reload} />;

  return (
    <>
      <dl className="grid grid-cols-2 gap-4 xl:grid-cols-4" data-testid="member-summary">
        <StatCard label="Total Members" value={summary.total} testId="summary-total" />
        <StatCard label="Active" value={summary.active} testId="summary-active" />
        <StatCard label="Inactive" value={summary.inactive} testId="summary-inactive" />
        <StatCard label="Expiring Soon" value={summary.expiringSoon} testId="summary-expiring" />
      </dl>

      <div className="mt-8 grid gap-4 md:grid-cols-[2fr_1fr_1fr]">
        <InputField
          id="member-search"
          label="Search by email or name"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder="name@example.com"
          autoComplete="off"
        />
        <SelectField id="member-sort" label="Sort by" value={sort} onChange={(event) => isMemberSort(event.currentTarget.value) && setSort(event.currentTarget.value)} options={asChoices(MEMBER_SORTS)} />
        <SelectField id="member-filter" label="Show" value={filter} onChange={(event) => isMemberFilter(event.currentTarget.value) && setFilter(event.currentTarget.value)} options={asChoices(MEMBER_FILTERS)} />
      </div>

      <p className="mt-6 font-semibold" aria-live="polite" data-testid="member-count">
        Showing {shown.length} of {members.length} {members.length === 1 ? 'member' : 'members'}
      </p>

      {shown.length === 0 ? (
        <div className="card mt-4 text-center" data-testid="members-empty">
          <h2 className="text-h3">No members found</h2>
          <p className="mt-2 text-muted">{members.length === 0 ? 'No membership subscriptions yet.' : 'No member matches this search and filter.'}</p>
        </div>
      ) : (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2" aria-label="Members">
          {shown.map((member) => (
            <MemberCard key={member.id} member={member} now={now} knownPrices={knownPrices} />
          ))}
        </ul>
      )}
    </>
  );
}

function MemberCard({ member, now, knownPrices }: { member: AdminMember; now: Date; knownPrices: Record<string, string> }) {
  return (
    <li className="card" data-testid="member" data-member-id={member.id}>
      <h2 className="text-h3 break-words">{member.name?.trim() || 'No name'}</h2>
      {member.email ? (
        <a href={`mailto:${member.email}`} className="mt-1 block break-all">
          {member.email}
        </a>
      ) : (
        <p className="mt-1 text-muted">No email</p>
      )}
      <p className="mt-1 text-small text-muted">
        Member since {formatEpochDate(member.created)} · {member.id}
      </p>
      {member.subscriptions.length === 0 ? (
        <p className="mt-4 text-muted">No subscriptions.</p>
      ) : (
        <ul className="mt-4 grid gap-3">
          {member.subscriptions.map((subscription) => (
            <SubscriptionRow key={subscription.id} subscription={subscription} now={now} knownPrices={knownPrices} />
          ))}
        </ul>
      )}
    </li>
  );
}

function SubscriptionRow({ subscription, now, knownPrices }: { subscription: AdminSubscription; now: Date; knownPrices: Record<string, string> }) {
  const price = subscription.items.data[0]?.price;
  const expiry = expiryLabel(subscription, now);
  const renewal = renewalLabel(subscription);
  return (
    <li className="rounded-field border border-line/70 bg-raised/50 p-4" data-testid="subscription" data-status={subscription.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-bold">{planDisplayName(price, knownPrices)}</span>
        <Badge tone={subscriptionStatusTone(subscription.status)} testId="subscription-status">
          {statusLabel(subscription.status)}
        </Badge>
      </div>
      <p className="mt-1 text-small text-muted">
        {priceAmountLabel(price)} · Period {formatEpochDate(subscription.current_period_start)} – {formatEpochDate(subscription.current_period_end)}
      </p>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-small font-semibold">
        <span data-testid="expiry" data-tone={expiry.tone} className={TONE_TEXT[expiry.tone]}>
          {expiry.text}
        </span>
        {renewal ? <span className="text-success">{renewal}</span> : null}
      </div>
    </li>
  );
}
