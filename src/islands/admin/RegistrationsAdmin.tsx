import { useMemo, useState } from 'react';
import { apiDelete } from '../../lib/api-client';
import { showToast } from '../../stores/toast';
import { csvFileName, registrationsCsv } from '../../domain/admin/csv';
import { formatDateTime } from '../../domain/admin/format';
import { formatCents } from '../../domain/money';
import {
  countLine,
  DELETE_ALL_CONFIRMATION,
  DELETE_TOASTS,
  emptyState,
  filterRegistrations,
  isSessionFilter,
  paymentBadge,
  SESSION_FILTERS,
  sessionNames,
  splitContact,
  teamInfoText,
  type AdminRegistration,
  type SessionFilter,
} from '../../domain/admin/registrations';
import { teeTimeLabel } from '../../domain/league-rules';
import AdminShell from './AdminShell';
import ConfirmDialog from './ConfirmDialog';
import type { LeagueFacts } from './types';
import { Badge, errorMessage, LoadError, Loading, useAdminData } from './ui';

/** /admin/registrations (spec sections 2, 3 and 8). */
export default function RegistrationsAdmin({ league }: { league: LeagueFacts }) {
  return (
    <AdminShell current="/admin/registrations" title="League Registrations" intro="Every team registration, newest first, with its payment status.">
      <RegistrationsList league={league} />
    </AdminShell>
  );
}

function RegistrationsList({ league }: { league: LeagueFacts }) {
  const [loaded, reload] = useAdminData<AdminRegistration[]>('/api/admin/league-registrations');
  const [filter, setFilter] = useState<SessionFilter>('all');
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const all = loaded.status === 'ready' ? loaded.data : [];
  const shown = useMemo(() => filterRegistrations(all, filter, league.sessions), [all, filter, league.sessions]);
  const teeTime = (id: string) => teeTimeLabel(league, id);

  async function remove(registration: AdminRegistration) {
    setBusy(registration.id);
    try {
      await apiDelete(`/api/admin/league-registrations/${encodeURIComponent(registration.id)}`);
      showToast({ title: DELETE_TOASTS.deleted });
      await reload();
    } catch (error) {
      showToast({ title: DELETE_TOASTS.deleteFailed, description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function removeAll() {
    setConfirmOpen(false);
    setBusy('all');
    try {
      await apiDelete('/api/admin/league-registrations');
      showToast({ title: DELETE_TOASTS.allDeleted });
      await reload();
    } catch (error) {
      showToast({ title: DELETE_TOASTS.allDeleteFailed, description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function copy(registration: AdminRegistration) {
    try {
      await navigator.clipboard.writeText(teamInfoText(registration, league.sessions, teeTime));
      showToast({ title: 'Team info copied', description: `${registration.teamName.trim() || registration.player1} is on the clipboard.` });
    } catch {
      showToast({ title: 'Copy failed', description: 'The browser did not allow copying. Select the text and copy it instead.', variant: 'destructive' });
    }
  }

  function exportCsv() {
    const blob = new Blob([registrationsCsv(shown, league.sessions, teeTime)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = csvFileName(filter, new Date());
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  if (loaded.status === 'loading') return <Loading label="Loading registrations..." />;
  if (loaded.status === 'error') return <LoadError message={loaded.message} onRetry={reload} />;

  const empty = emptyState(filter);
  return (
    <>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <label htmlFor="session-filter" className="block text-small font-bold">
            Session
          </label>
          <select
            id="session-filter"
            value={filter}
            onChange={(event) => isSessionFilter(event.currentTarget.value) && setFilter(event.currentTarget.value)}
            className="mt-2 block w-full rounded-field border border-line bg-ink px-4 py-3 text-body text-text focus:border-accent focus:outline-none focus-visible:shadow-focus sm:w-64"
          >
            {SESSION_FILTERS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
          <p className="mt-3 font-semibold" aria-live="polite" data-testid="registration-count">
            {countLine(shown.length, all.length, filter)}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-secondary" onClick={exportCsv} disabled={shown.length === 0}>
            Export CSV
          </button>
          <button
            type="button"
            className="btn border border-danger/60 text-danger hover:bg-danger/10 disabled:cursor-not-allowed disabled:opacity-50"
            onClick={() => setConfirmOpen(true)}
            disabled={all.length === 0 || busy !== null}
          >
            Delete All
          </button>
        </div>
      </div>

      {shown.length === 0 ? (
        <div className="card mt-8 text-center" data-testid="registrations-empty">
          <h2 className="text-h3">{empty.title}</h2>
          <p className="mt-2 text-muted">{empty.text}</p>
        </div>
      ) : (
        <ul className="mt-8 grid gap-4" aria-label="Registrations">
          {shown.map((registration) => (
            <RegistrationCard
              key={registration.id}
              registration={registration}
              sessions={sessionNames(registration.sessions, league.sessions)}
              teeTime={teeTime(registration.teeTime)}
              busy={busy === registration.id || busy === 'all'}
              onCopy={() => copy(registration)}
              onDelete={() => remove(registration)}
            />
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={confirmOpen}
        title="Delete all registrations?"
        message={DELETE_ALL_CONFIRMATION(all.length)}
        confirmLabel="Delete All"
        onConfirm={removeAll}
        onCancel={() => setConfirmOpen(false)}
      />
    </>
  );
}

interface CardProps {
  registration: AdminRegistration;
  sessions: string;
  teeTime: string;
  busy: boolean;
  onCopy: () => void;
  onDelete: () => void;
}

function RegistrationCard({ registration, sessions, teeTime, busy, onCopy, onDelete }: CardProps) {
  const badge = paymentBadge(registration.paymentStatus);
  const team = registration.teamName.trim() || 'No team name';
  const players = [
    { label: 'Player 1', name: registration.player1, ...splitContact(registration.player1Contact) },
    { label: 'Player 2', name: registration.player2, ...splitContact(registration.player2Contact) },
  ];
  return (
    <li className="card" data-testid="registration" data-registration-id={registration.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-h3">{team}</h2>
          <p className="mt-1 text-small text-muted">
            {sessions} · {teeTime} · Registered {formatDateTime(registration.registeredAt)}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <span className="price">{formatCents(Number(registration.amount))}</span>
          <Badge tone={badge.tone} testId="payment-status">
            {badge.label}
          </Badge>
        </div>
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        {players.map((player) => (
          <div key={player.label} className="rounded-field border border-line/70 bg-raised/50 p-4">
            <dt className="text-small font-bold text-muted">{player.label}</dt>
            <dd className="mt-1">
              <span className="block font-semibold">{player.name}</span>
              <a href={`mailto:${player.email}`} className="block break-all text-small">
                {player.email}
              </a>
              {player.phone ? <span className="block text-small text-muted">{player.phone}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn-secondary px-5 py-2" onClick={onCopy} aria-label={`Copy Team Info: ${team}`}>
          Copy Team Info
        </button>
        <button
          type="button"
          className="btn border border-danger/60 px-5 py-2 text-danger hover:bg-danger/10 disabled:cursor-wait disabled:opacity-50"
          onClick={onDelete}
          disabled={busy}
          aria-label={`Delete: ${team}`}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
