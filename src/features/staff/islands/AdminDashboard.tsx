import { ADMIN_PAGES, CONTENT_EDITOR_LINK } from '../rules/pages';
import { databaseStats } from '../contract/admin-database-stats';
import { listFailedMessages } from '../contract/admin-mail';
import type { AttentionFacts } from '../rules/attention';
import Attention from './Attention';
import { formatMoney } from '../../../domain/money';
import AdminShell from './AdminShell';
import { DayView, venueToday } from '../../bay-booking/admin/BayDay';
import FailedMail from './FailedMail';
import FailedRefunds from '../../bay-booking/admin/FailedRefunds';
import { UpcomingEvents } from '../../event-requests/admin/UpcomingEvents';
import { LoadError, Loading, StatCard, useAdminData } from './ui';

/**
 * /admin: what needs attention (from the content as built, the clock and the site's reports), cards to
 * the staff pages, Quick Stats with the real figures, and e-mail the site could not deliver.
 */
export default function AdminDashboard({ attention, spaceNames }: { attention: AttentionFacts; spaceNames: Readonly<Record<string, string>> }) {
  const [failed, reloadFailed] = useAdminData(listFailedMessages);
  return (
    <AdminShell current="/admin" title="Admin Dashboard" intro="Manage league registrations, members and event requests.">
      <Attention facts={attention} failed={failed} />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="admin-cards">
        {[...ADMIN_PAGES.filter((page) => page.href !== '/admin'), CONTENT_EDITOR_LINK].map((page) => (
          <li key={page.href}>
            <a href={page.href} className="card-link h-full">
              <span className="block text-h3 font-extrabold">{page.label}</span>
              <span className="mt-2 block text-small text-muted">{page.description}</span>
            </a>
          </li>
        ))}
      </ul>
      <QuickStats />
      <TodaysBookings />
      <UpcomingEvents spaceNames={spaceNames} />
      <FailedMail failed={failed} reload={reloadFailed} />
      <FailedRefunds />
    </AdminShell>
  );
}

/** Today's bay bookings in the venue's zone, with a link to the full day. */
function TodaysBookings() {
  const today = venueToday();
  return (
    <section aria-labelledby="todays-bookings" className="mt-12" data-testid="todays-bookings">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="todays-bookings" className="text-h3">
          Today's Bay Bookings
        </h2>
        <a href="/admin/bookings">All bookings</a>
      </div>
      <DayView date={today} compact />
    </section>
  );
}

function QuickStats() {
  const [stats, reload] = useAdminData(databaseStats);
  return (
    <section aria-labelledby="quick-stats" className="mt-12">
      <h2 id="quick-stats" className="text-h3">
        Quick Stats
      </h2>
      <div className="mt-4">
        {stats.status === 'loading' ? <Loading label="Loading statistics..." /> : null}
        {stats.status === 'error' ? <LoadError message={stats.message} onRetry={reload} /> : null}
        {stats.status === 'ready' ? (
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5" data-testid="quick-stats">
            <StatCard label="New Event Requests" value={stats.data.newEventRequests} testId="stat-new-event-requests" />
            <StatCard label="League Registrations" value={stats.data.totalRegistrations} />
            <StatCard label="Active Subscriptions" value={stats.data.activeSubscriptions} />
            <StatCard label="Customers" value={stats.data.totalCustomers} />
            <StatCard label="League Revenue (paid)" value={formatMoney(stats.data.totalRevenue, { cents: true })} />
          </dl>
        ) : null}
      </div>
    </section>
  );
}
