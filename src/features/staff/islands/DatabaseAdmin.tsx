import type { ReactNode } from 'react';
import { formatDateTime, formatEpochDate, plural } from '../../../domain/dates';
import { sessionName } from '../../league/admin/registrations';
import { configurationChecks, paymentModeLabel } from '../rules/system';
import { dataExport } from '../contract/admin-data-export';
import { databaseStats } from '../contract/admin-database-stats';
import { endpointUrl } from '../../../shared/contract/endpoint';
import { health } from '../../../shared/contract/health';
import { teeTimeLabel } from '../../league/rules/league-rules';
import { formatMoney } from '../../../domain/money';
import AdminShell from './AdminShell';
import type { LeagueFacts } from './types';
import { LoadError, Loading, StatCard, useAdminData } from './ui';

interface Props {
  league: LeagueFacts;
  /** The build this page belongs to: "0.1.0 · abc1234 · built Oct 3, 2025". */
  buildVersion: string;
}

/** /admin/database: statistics, the 5 latest registrations and members, system information, configuration checks and the data download. */
export default function DatabaseAdmin({ league, buildVersion }: Props) {
  return (
    <AdminShell current="/admin/database" title="Database" intro="Statistics and the latest activity." requireFlag>
      <DatabaseStats league={league} buildVersion={buildVersion} />
      <ConfigurationChecks />
      <DataDownload />
    </AdminShell>
  );
}

/** How many of the latest registrations and members the page lists. */
const RECENT_SHOWN = 5;

function DatabaseStats({ league, buildVersion }: Props) {
  const [stats, reload] = useAdminData(databaseStats);
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
        <RecentList
          id="recent-registrations"
          title="Recent Registrations"
          empty="No registrations yet."
          items={data.recentRegistrations.slice(0, RECENT_SHOWN).map((registration, index) => ({
            key: `${registration.registeredAt}-${index}`,
            title: registration.teamName.trim() || 'No team name',
            lines: [
              `${registration.player1} & ${registration.player2}`,
              `${sessionName(registration.sessionId, league.sessions)} · ${teeTimeLabel(league, registration.teeTime)} · ${formatDateTime(registration.registeredAt)}`,
            ],
          }))}
        />
        <RecentList
          id="recent-members"
          title="Recent Members"
          empty="No customers yet."
          items={data.recentCustomers.slice(0, RECENT_SHOWN).map((customer, index) => ({
            key: `${customer.email ?? ''}-${customer.created}-${index}`,
            title: customer.name?.trim() || 'No name',
            lines: [
              <span className="break-all">{customer.email ?? 'No email'}</span>,
              `${plural(customer.subscriptions, 'subscription')} · Joined ${formatEpochDate(customer.created)}`,
            ],
          }))}
        />
      </div>

      <section aria-labelledby="system-info" className="card mt-6">
        <h2 id="system-info" className="text-h3">
          System Information
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-3" data-testid="system-info">
          <div>
            <dt className="text-small font-bold text-muted">Data store</dt>
            <dd className="mt-1">{data.system.store}</dd>
          </div>
          <div>
            <dt className="text-small font-bold text-muted">Payment mode</dt>
            <dd className="mt-1" data-testid="payment-mode">
              {paymentModeLabel(data.system.payments)}
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

/** Whether Stripe answers and the webhook and mail settings are present (/api/health's staff part). */
function ConfigurationChecks() {
  const [report, reload] = useAdminData(health);
  return (
    <section aria-labelledby="configuration-checks" className="card mt-6">
      <h2 id="configuration-checks" className="text-h3">
        Configuration Checks
      </h2>
      {report.status === 'loading' && <Loading label="Checking the configuration..." />}
      {report.status === 'error' && <LoadError message={report.message} onRetry={reload} />}
      {report.status === 'ready' && report.data.staff && (
        <dl className="mt-4 grid gap-4 sm:grid-cols-3" data-testid="configuration-checks">
          {configurationChecks(report.data.staff).map((check) => (
            <div key={check.id} data-testid={`check-${check.id}`} data-ok={check.ok}>
              <dt className="text-small font-bold text-muted">{check.label}</dt>
              <dd className={`mt-1 font-bold ${check.ok ? 'text-success' : 'text-danger'}`}>{check.ok ? 'OK' : 'Needs attention'}</dd>
              <dd className="text-small text-muted">{check.detail}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** The data download: the same versioned file as `npm run data:export`. */
function DataDownload() {
  return (
    <section aria-labelledby="data-export" className="card mt-6">
      <h2 id="data-export" className="text-h3">
        Data Export
      </h2>
      <p className="mt-2 text-muted">Every league registration, event request and membership audit entry the site keeps, as one JSON file for safekeeping or a restore.</p>
      <a className="btn-secondary mt-4 inline-flex" href={endpointUrl(dataExport)} download data-testid="data-export-link">
        Download all data (JSON)
      </a>
    </section>
  );
}

interface RecentItem {
  key: string;
  title: string;
  lines: ReactNode[];
}

/** A card listing the latest items, each a bold title over small lines; `empty` when there are none. */
function RecentList({ id, title, empty, items }: { id: string; title: string; empty: string; items: RecentItem[] }) {
  return (
    <section aria-labelledby={id} className="card">
      <h2 id={id} className="text-h3">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="mt-4 text-muted">{empty}</p>
      ) : (
        <ul className="mt-4 divide-y divide-line" data-testid={id}>
          {items.map((item) => (
            <li key={item.key} className="py-3">
              <p className="font-bold">{item.title}</p>
              {item.lines.map((line, index) => (
                <p key={index} className="text-small text-muted">
                  {line}
                </p>
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
