import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { formatDateTime, formatEventDate } from '../../../domain/dates';
import {
  DATE_FILTERS,
  describeChange,
  eventRequestsCsv,
  eventRequestsCsvFileName,
  filterEventRequests,
  inboxCountLine,
  newestFirst,
  replyMailto,
  SHOW_ALL,
  STATUS_TONES,
  statusCounts,
  statusFilters,
  telHref,
  venueToday,
  type EventRequestFilter,
} from './event-requests';
import { asChoices, isOptionId } from '../../staff/islands/options';
import { changeEventRequest, listEventRequests, type EventRequest } from '../contract/admin-event-requests';
import { EVENT_REQUEST_STATUSES, EVENT_REQUEST_STATUS_LABELS, requestAnchor, STAFF_NOTES_MAX_LENGTH, type EventRequestStatus } from '../rules/event-requests';
import { callApi } from '../../../lib/api-client';
import { showToast } from '../../../islands/toast';
import { SelectField, TextareaField } from '../../../islands/shared/Field';
import AdminShell from '../../staff/islands/AdminShell';
import { downloadFile } from '../../staff/islands/download';
import { Badge, errorMessage, LoadError, Loading, useAdminData } from '../../staff/islands/ui';
import { listEventQuotes } from '../contract/admin-event-quotes';
import type { StoredQuote } from '../quote-record';
import { QuotePanel } from './QuotePanel';
import type { QuoteChoices } from './quote-form';

/**
 * /admin/event-requests: the event booking requests, newest first, every field shown; staff set each
 * one's status and notes, filter by status and event date, reply by e-mail and export the list.
 */
export default function EventRequestsAdmin({ venueName, quoteChoices }: { venueName: string; quoteChoices: QuoteChoices }) {
  return (
    <AdminShell current="/admin/event-requests" title="Event Requests" intro="Booking requests from the events page, newest first. Set a status as you answer each one, and quote it: the quote holds its spaces until it is paid or lapses.">
      <EventRequestsInbox venueName={venueName} quoteChoices={quoteChoices} />
    </AdminShell>
  );
}

type Change = { status?: EventRequestStatus; notes?: string };

const STATUS_CHOICES = EVENT_REQUEST_STATUSES.map((status) => ({ value: status, label: EVENT_REQUEST_STATUS_LABELS[status] }));

function EventRequestsInbox({ venueName, quoteChoices }: { venueName: string; quoteChoices: QuoteChoices }) {
  const [loaded, reload] = useAdminData(listEventRequests);
  const [loadedQuotes] = useAdminData(listEventQuotes);
  // Quotes as the server answered a save or withdrawal, over the loaded list.
  const [quoted, setQuoted] = useState<Readonly<Record<string, StoredQuote>>>({});
  const quotes = useMemo(() => {
    const byId: Record<string, StoredQuote> = {};
    for (const quote of loadedQuotes.status === 'ready' ? loadedQuotes.data : []) byId[quote.id] = quote;
    return { ...byId, ...quoted };
  }, [loadedQuotes, quoted]);
  // Requests as the server answered a change, over the loaded list (no reload per change).
  const [changed, setChanged] = useState<Readonly<Record<string, EventRequest>>>({});
  const [filter, setFilter] = useState<EventRequestFilter>(SHOW_ALL);
  const [today] = useState(() => venueToday(new Date()));
  const all = useMemo(() => (loaded.status === 'ready' ? newestFirst(loaded.data.map((request) => changed[request.id] ?? request)) : []), [loaded, changed]);
  const counts = useMemo(() => statusCounts(all), [all]);
  const shown = useMemo(() => filterEventRequests(all, filter, today), [all, filter, today]);
  const statusOptions = statusFilters(counts);
  const ready = loaded.status === 'ready';

  // A link to one request (the staff's e-mail notice) lands on its card once the list is in.
  useEffect(() => {
    if (!ready || !window.location.hash) return;
    const card = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    card?.scrollIntoView({ block: 'start' });
    card?.focus({ preventScroll: true });
  }, [ready]);

  /** Sends a change; true when stored. The toast (a polite live region) announces the outcome. */
  async function change(request: EventRequest, wanted: Change): Promise<boolean> {
    const name = `${request.firstName} ${request.lastName}`;
    try {
      const updated = await callApi(changeEventRequest, { params: { id: request.id }, body: wanted });
      setChanged((current) => ({ ...current, [updated.id]: updated }));
      showToast(
        wanted.status
          ? { title: 'Status changed', description: `${name}: ${EVENT_REQUEST_STATUS_LABELS[updated.status]}.` }
          : { title: 'Notes saved', description: `The notes on ${name}'s request are saved.` },
      );
      return true;
    } catch (error) {
      showToast({ title: wanted.status ? 'Could not change the status.' : 'Could not save the notes.', description: errorMessage(error), variant: 'destructive' });
      return false;
    }
  }

  if (loaded.status === 'loading') return <Loading label="Loading event requests..." />;
  if (loaded.status === 'error') return <LoadError message={loaded.message} onRetry={reload} />;
  if (all.length === 0) {
    return (
      <div className="card text-center" data-testid="event-requests-empty">
        <h2 className="text-h3">No event requests yet</h2>
        <p className="mt-2 text-muted">Requests sent from the events page will appear here.</p>
      </div>
    );
  }
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="status-counts" aria-label="Requests per status">
        {EVENT_REQUEST_STATUSES.map((status) => (
          <div key={status} className="rounded-field border border-line/70 bg-raised/50 px-4 py-3" data-testid={`status-count-${status}`}>
            <dt className="text-small font-bold text-muted">{EVENT_REQUEST_STATUS_LABELS[status]}</dt>
            <dd className="mt-1 text-h3 font-extrabold text-accent-strong">{counts[status]}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <div className="flex flex-col gap-4 sm:flex-row">
            <SelectField
              id="status-filter"
              label="Filter by status"
              className="sm:w-56"
              value={filter.status}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isOptionId(statusOptions, value)) setFilter((current) => ({ ...current, status: value as EventRequestFilter['status'] }));
              }}
              options={asChoices(statusOptions)}
            />
            <SelectField
              id="date-filter"
              label="Filter by event date"
              className="sm:w-56"
              value={filter.when}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isOptionId(DATE_FILTERS, value)) setFilter((current) => ({ ...current, when: value }));
              }}
              options={asChoices(DATE_FILTERS)}
            />
          </div>
          <p className="mt-3 font-semibold" aria-live="polite" data-testid="event-request-count">
            {inboxCountLine(shown.length, all.length)}
          </p>
        </div>
        <button type="button" className="btn-secondary" onClick={() => downloadFile(eventRequestsCsvFileName(filter, new Date()), eventRequestsCsv(shown))} disabled={shown.length === 0}>
          Export CSV
        </button>
      </div>

      {shown.length === 0 ? (
        <div className="card mt-8 text-center" data-testid="event-requests-filtered-empty">
          <h2 className="text-h3">No requests match these filters</h2>
          <p className="mt-2 text-muted">Choose another status or event date to see more requests.</p>
        </div>
      ) : (
        <ul className="mt-8 grid gap-4" aria-label="Event requests">
          {shown.map((request) => (
            <EventRequestCard key={request.id} request={request} replyHref={replyMailto(request, venueName)} onChange={(wanted) => change(request, wanted)}>
              {loadedQuotes.status === 'ready' ? <QuotePanel request={request} quote={quotes[request.id] ?? null} choices={quoteChoices} onQuote={(quote) => setQuoted((current) => ({ ...current, [quote.id]: quote }))} /> : null}
            </EventRequestCard>
          ))}
        </ul>
      )}
    </>
  );
}

/** One request: every field, its status and notes, its history, and the reply link. */
function EventRequestCard({ request, replyHref, onChange, children }: { request: EventRequest; replyHref: string; onChange: (change: Change) => Promise<boolean>; children?: ReactNode }) {
  const [busy, setBusy] = useState(false);
  const [notes, setNotes] = useState(request.notes);
  // The stored notes win when they change (a save here, or a reload).
  useEffect(() => setNotes(request.notes), [request.notes]);
  const name = `${request.firstName} ${request.lastName}`;

  async function send(change: Change) {
    setBusy(true);
    try {
      await onChange(change);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li id={requestAnchor(request.id)} tabIndex={-1} className="card" data-testid="event-request" data-request-id={request.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-h3">
            {request.occasion} — {name}
          </h2>
          <p className="mt-1 text-small text-muted">Received {formatDateTime(request.submittedAt)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <span className="badge">Party of {request.partySize}</span>
          <Badge tone={STATUS_TONES[request.status]} testId="request-status">
            {EVENT_REQUEST_STATUS_LABELS[request.status]}
          </Badge>
        </div>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        <Field label="Name" value={name} />
        <Field label="Email" value={<a href={`mailto:${request.email}`} className="break-all">{request.email}</a>} />
        <Field label="Phone" value={<a href={telHref(request.phone)}>{request.phone}</a>} />
        <Field label="Occasion" value={request.occasion} />
        <Field label="Party Size" value={String(request.partySize)} />
        <Field label="Event Date" value={formatEventDate(request.eventDate)} />
        <Field label="Start Time" value={request.startTime} />
        <Field label="End Time" value={request.endTime} />
        <Field label="Request ID" value={<span className="break-all">{request.id}</span>} />
        <Field
          label="Additional Requests"
          className="sm:col-span-2 lg:col-span-3"
          value={request.additionalRequests?.trim() ? <span className="whitespace-pre-line">{request.additionalRequests}</span> : <span className="text-muted">None</span>}
        />
      </dl>

      <div className="mt-6 grid gap-4 border-t border-line/70 pt-4 md:grid-cols-[14rem_1fr]">
        <SelectField
          id={`status-${request.id}`}
          label="Status"
          value={request.status}
          disabled={busy}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (value !== request.status && STATUS_CHOICES.some((choice) => choice.value === value)) void send({ status: value as EventRequestStatus });
          }}
          options={STATUS_CHOICES}
        />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void send({ notes });
          }}
        >
          <TextareaField id={`notes-${request.id}`} label="Staff notes" value={notes} maxLength={STAFF_NOTES_MAX_LENGTH} onChange={(event) => setNotes(event.currentTarget.value)} />
          <div className="mt-3 flex flex-wrap gap-3">
            <button type="submit" className="btn-secondary px-5 py-2" disabled={busy || notes === request.notes} aria-label={`Save notes: ${name}`}>
              Save notes
            </button>
            <a href={replyHref} className="btn-primary px-5 py-2" aria-label={`Reply by e-mail to ${name}`}>
              Reply by e-mail
            </a>
          </div>
        </form>
      </div>

      {children}

      <details className="mt-4" data-testid="request-history">
        <summary className="cursor-pointer text-small font-bold text-muted">Change history ({request.history.length})</summary>
        {request.history.length === 0 ? (
          <p className="mt-2 text-small text-muted">No changes yet.</p>
        ) : (
          <ol className="mt-2 grid gap-1 text-small">
            {request.history.map((entry, index) => (
              <li key={index}>
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> — {describeChange(entry)}
              </li>
            ))}
          </ol>
        )}
      </details>
    </li>
  );
}

function Field({ label, value, className = '' }: { label: string; value: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-small font-bold text-muted">{label}</dt>
      <dd className="mt-0.5">{value}</dd>
    </div>
  );
}
