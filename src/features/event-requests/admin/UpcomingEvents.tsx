import { useMemo } from 'react';
import { formatEventDate } from '../../../domain/dates';
import { Badge, LoadError, Loading, useAdminData } from '../../staff/islands/ui';
import { listEventQuotes } from '../contract/admin-event-quotes';
import { requestAnchor } from '../rules/event-requests';
import { upcomingEvents } from './upcoming-events';

/** The dashboard's list of events to come: each with its spaces, headcount and the day its final headcount is due. */
export function UpcomingEvents({ spaceNames }: { spaceNames: Readonly<Record<string, string>> }) {
  const [loaded, reload] = useAdminData(listEventQuotes);
  const events = useMemo(() => (loaded.status === 'ready' ? upcomingEvents(loaded.data, Date.now()) : []), [loaded]);
  return (
    <section aria-labelledby="upcoming-events" className="mt-12" data-testid="upcoming-events">
      <h2 id="upcoming-events" className="text-h3">Upcoming Events</h2>
      <div className="mt-4">
        {loaded.status === 'loading' ? <Loading label="Loading events..." /> : null}
        {loaded.status === 'error' ? <LoadError message={loaded.message} onRetry={reload} /> : null}
        {loaded.status === 'ready' && events.length === 0 ? <p className="text-muted">No confirmed events or quotes holding spaces.</p> : null}
        {events.length > 0 ? (
          <ul className="grid gap-3">
            {events.map((event) => (
              <li key={event.id} className="card wrap-anywhere flex flex-wrap items-start justify-between gap-3" data-testid="upcoming-event">
                <div>
                  <a className="font-bold" href={`/admin/event-requests#${encodeURIComponent(requestAnchor(event.id))}`}>
                    {formatEventDate(event.date)}, {event.time}: {event.name}
                  </a>
                  <p className="mt-1 text-small text-muted">
                    {event.guests} guests · {event.spaces.map((id) => spaceNames[id] ?? id).join(', ')} · final headcount due {formatEventDate(event.headcountDue)}
                  </p>
                </div>
                <Badge tone={event.tentative ? 'orange' : 'green'}>{event.tentative ? 'Tentative hold' : 'Confirmed'}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
