import { useMemo, useState } from 'react';
import { csvFileName, registrationsCsv } from './registrations-csv';
import { formatDateTime } from '../../../domain/dates';
import { asChoices } from '../../staff/islands/options';
import {
  ALL_SESSIONS,
  countLine,
  DELETE_ALL_CONFIRMATION,
  DELETE_TOASTS,
  emptyState,
  filterRegistrations,
  paymentBadge,
  sessionFilters,
  sessionName,
  teamInfoText,
  type AdminRegistration,
} from './registrations';
import { deleteAllRegistrations, deleteRegistration, listRegistrations } from '../contract/admin-league-registrations';
import { teeTimeLabel } from '../rules/league-rules';
import { formatCents } from '../../../domain/money';
import { callApi } from '../../../lib/api-client';
import { showToast } from '../../../islands/toast';
import { SelectField } from '../../../islands/shared/Field';
import AdminShell from '../../staff/islands/AdminShell';
import ConfirmDialog from '../../staff/islands/ConfirmDialog';
import { downloadFile } from '../../staff/islands/download';
import type { LeagueFacts } from '../../staff/islands/types';
import { Badge, errorMessage, LoadError, Loading, useAdminData } from '../../staff/islands/ui';

/** /admin/registrations: every league registration with its payment, filtered by session; copy, export and delete. */
export default function RegistrationsAdmin({ league }: { league: LeagueFacts }) {
  return (
    <AdminShell current="/admin/registrations" title="League Registrations" intro="Every team registration, newest first, with its payment status.">
      <RegistrationsList league={league} />
    </AdminShell>
  );
}

/** Toasts of a deletion: the title when it worked, and when it failed. */
type DeletionToasts = { done: string; failed: string };

function RegistrationsList({ league }: { league: LeagueFacts }) {
  const [loaded, reload] = useAdminData(listRegistrations);
  const [filter, setFilter] = useState(ALL_SESSIONS);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const all = loaded.status === 'ready' ? loaded.data : [];
  const shown = useMemo(() => filterRegistrations(all, filter), [all, filter]);
  const filters = useMemo(() => sessionFilters(league.sessions), [league.sessions]);
  const teeTime = (id: string) => teeTimeLabel(league, id);

  /** Runs a deletion (`busyWith`: the registration's id, or 'all'), then toasts and reloads the list. */
  async function deleteWith(busyWith: string, call: () => Promise<unknown>, toasts: DeletionToasts) {
    setBusy(busyWith);
    try {
      await call();
      showToast({ title: toasts.done });
      await reload();
    } catch (error) {
      showToast({ title: toasts.failed, description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  const remove = (registration: AdminRegistration) =>
    deleteWith(registration.id, () => callApi(deleteRegistration, { params: { id: registration.id } }), { done: DELETE_TOASTS.deleted, failed: DELETE_TOASTS.deleteFailed });

  function removeAll() {
    setConfirmOpen(false);
    return deleteWith('all', () => callApi(deleteAllRegistrations), { done: DELETE_TOASTS.allDeleted, failed: DELETE_TOASTS.allDeleteFailed });
  }

  async function copy(registration: AdminRegistration) {
    try {
      await navigator.clipboard.writeText(teamInfoText(registration, league.sessions, teeTime));
      showToast({ title: 'Team info copied', description: `${registration.teamName.trim() || registration.player1} is on the clipboard.` });
    } catch {
      showToast({ title: 'Copy failed', description: 'The browser did not allow copying. Select the text and copy it instead.', variant: 'destructive' });
    }
  }

  const exportCsv = () => downloadFile(csvFileName(filter, new Date()), registrationsCsv(shown, league.sessions, teeTime));

  if (loaded.status === 'loading') return <Loading label="Loading registrations..." />;
  if (loaded.status === 'error') return <LoadError message={loaded.message} onRetry={reload} />;

  const empty = emptyState(filter, league.sessions);
  return (
    <>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <SelectField id="session-filter" label="Session" className="sm:w-64" value={filter} onChange={(event) => setFilter(event.currentTarget.value)} options={asChoices(filters)} />
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
              summary={`${sessionName(registration.sessionId, league.sessions)} · ${teeTime(registration.teeTime)} · Registered ${formatDateTime(registration.registeredAt)}`}
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

/** One registration: team, session and tee time, amount and payment, both players, and its actions. */
function RegistrationCard(card: { registration: AdminRegistration; summary: string; busy: boolean; onCopy: () => void; onDelete: () => void }) {
  const { registration } = card;
  const badge = paymentBadge(registration.paymentStatus);
  const team = registration.teamName.trim() || 'No team name';
  return (
    <li className="card" data-testid="registration" data-registration-id={registration.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-h3">{team}</h2>
          <p className="mt-1 text-small text-muted">{card.summary}</p>
        </div>
        <div className="flex items-center gap-3">
          <span className="price">{formatCents(registration.amountCents)}</span>
          <Badge tone={badge.tone} testId="payment-status">
            {badge.label}
          </Badge>
        </div>
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        {registration.players.map((player, index) => (
          <div key={index} className="rounded-field border border-line/70 bg-raised/50 p-4">
            <dt className="text-small font-bold text-muted">Player {index + 1}</dt>
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
        <button type="button" className="btn-secondary px-5 py-2" onClick={card.onCopy} aria-label={`Copy Team Info: ${team}`}>
          Copy Team Info
        </button>
        <button
          type="button"
          className="btn border border-danger/60 px-5 py-2 text-danger hover:bg-danger/10 disabled:cursor-wait disabled:opacity-50"
          onClick={card.onDelete}
          disabled={card.busy}
          aria-label={`Delete: ${team}`}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
