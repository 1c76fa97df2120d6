import { formatDateTime, formatEpochDate } from '../../domain/admin/format';
import { formatMoney } from '../../domain/money';
import { sessionNames } from '../../domain/admin/registrations';
import { paymentModeLabel } from '../../domain/admin/system';
import { teeTimeLabel } from '../../domain/league-rules';
import AdminShell from './AdminShell';
import type { DatabaseStatsAnswer, LeagueFacts } from './types';
import { LoadError, Loading, StatCard, useAdminData } from './ui';

interface Props {
  league: LeagueFacts;
  /** The build this page belongs to: "0.1.0 (abc1234, built Oct 3, 2025)". */
  buildVersion: string;
}

/** /admin/database (spec sections 2, 3 and 9): statistics, the 5 latest registrations and members, system information. */
export default function DatabaseAdmin({ league, buildVersion }: Props) {
  return (
    <AdminShell current="/admin/database" title="Database" intro="Statistics and the latest activity." requireFlag>
      <DatabaseStats league={league} buildVersion={buildVersion} />
    </AdminShell>
  );
}

function DatabaseStats({ league, buildVersion }: Props) {
  const [stats, reload] = useAdminData<DatabaseStatsAnswer>('/api/admin/database-stats');
  if (stats.status === 'loading') return <Loading label="Loading statistics..." />;
  if (stats.status === 'error') return <LoadError message={stats.message} onRetry={reload} />;
  const data = stats.data;
  return (
    <>
      <dl className="grid grid-cols-2 gap-4 xl:grid-cols-4" data-testid="database-stats">
        <StatCard label="Total Registrations" value={data.totalRegistrations} testId="stat-registrations" />
        <StatCard label="Total Customers" value={data.totalCustomers} testId="stat-customers" />
        <StatCard label="Active Subscriptions" value={data.activeSubscriptions} testId="stat-active" />
        <StatCard label="League Revenue (paid)" value={formatMoney(data.totalRevenue, { cents: true })} testId="stat-revenue" />
      </dl>

      <div className="mt-10 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="recent-registrations" className="card">
          <h2 id="recent-registrations" className="text-h3">
            Recent Registrations
          </h2>
          {data.recentRegistrations.length === 0 ? (
            <p className="mt-4 text-muted">No registrations yet.</p>
          ) : (
            <ul className="mt-4 divide-y divide-line" data-testid="recent-registrations">
              {data.recentRegistrations.slice(0, 5).map((registration, index) => (
                <li key={`${registration.registeredAt}-${index}`} className="py-3">
                  <p className="font-bold">{registration.teamName.trim() || 'No team name'}</p>
                  <p className="text-small text-muted">
                    {registration.player1} &amp; {registration.player2}
                  </p>
                  <p className="text-small text-muted">
                    {sessionNames(registration.sessions, league.sessions)} · {teeTimeLabel(league, registration.teeTime)} · {formatDateTime(registration.registeredAt)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="recent-members" className="card">
          <h2 id="recent-members" className="text-h3">
            Recent Members
          </h2>
          {data.recentCustomers.length === 0 ? (
            <p className="mt-4 text-muted">No customers yet.</p>
          ) : (
            <ul className="mt-4 divide-y divide-line" data-testid="recent-members">
              {data.recentCustomers.slice(0, 5).map((customer, index) => (
                <li key={`${customer.email ?? ''}-${customer.created}-${index}`} className="py-3">
                  <p className="font-bold">{customer.name?.trim() || 'No name'}</p>
                  <p className="break-all text-small text-muted">{customer.email ?? 'No email'}</p>
                  <p className="text-small text-muted">
                    {customer.subscriptions} {customer.subscriptions === 1 ? 'subscription' : 'subscriptions'} · Joined {formatEpochDate(customer.created)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section aria-labelledby="system-info" className="card mt-6">
        <h2 id="system-info" className="text-h3">
          System Information
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-3" data-testid="system-info">
          <div>
            <dt className="text-small font-bold text-muted">Data store</dt>
            <dd className="mt-1">{data.system?.store ?? 'Not reported by the server'}</dd>
          </div>
          <div>
            <dt className="text-small font-bold text-muted">Payment mode</dt>
            <dd className="mt-1" data-testid="payment-mode">
              {data.system ? paymentModeLabel(data.system.payments) : 'Not reported by the server'}
            </dd>
          </div>
          <div>
            <dt className="text-small font-bold text-muted">Build version</dt>
            <dd className="mt-1">{buildVersion}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}
