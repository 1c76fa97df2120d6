import { useMemo, type ReactNode } from 'react';
import { formatDateTime } from '../../domain/admin/format';
import { formatEventDate, newestFirst, telHref } from '../../domain/admin/event-requests';
import { listEventRequests } from '../../domain/api/admin-event-bookings';
import AdminShell from './AdminShell';
import { LoadError, Loading, useAdminData } from './ui';

/** /admin/event-requests: the stored event booking requests, newest first, every field shown. */
export default function EventRequestsAdmin() {
  return (
    <AdminShell current="/admin/event-requests" title="Event Requests" intro="Booking requests from the events page, newest first.">
      <EventRequestsList />
    </AdminShell>
  );
}

function EventRequestsList() {
  const [loaded, reload] = useAdminData(listEventRequests);
  const requests = useMemo(() => (loaded.status === 'ready' ? newestFirst(loaded.data) : []), [loaded]);
  if (loaded.status === 'loading') return <Loading label="Loading event requests..." />;
  if (loaded.status === 'error') return <LoadError message={loaded.message} onRetry={reload} />;
  if (requests.length === 0) {
    return (
      <div className="card text-center" data-testid="event-requests-empty">
        <h2 className="text-h3">No event requests yet</h2>
        <p className="mt-2 text-muted">Requests sent from the events page will appear here.</p>
      </div>
    );
  }
  return (
    <>
      <p className="font-semibold" data-testid="event-request-count">
        Total: {requests.length} {requests.length === 1 ? 'request' : 'requests'}
      </p>
      <ul className="mt-4 grid gap-4" aria-label="Event requests">
        {requests.map((request) => (
          <li key={request.id} className="card" data-testid="event-request">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h2 className="text-h3">
                  {request.occasion} — {request.firstName} {request.lastName}
                </h2>
                <p className="mt-1 text-small text-muted">Received {formatDateTime(request.submittedAt)}</p>
              </div>
              <span className="badge">Party of {request.partySize}</span>
            </div>
            <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
              <Field label="Name" value={`${request.firstName} ${request.lastName}`} />
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
          </li>
        ))}
      </ul>
    </>
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
