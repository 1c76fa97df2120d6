import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { AnswerOf, Endpoint } from '../../../shared/contract/endpoint';
import { ApiError, callApi } from '../../../lib/api-client';
import type { Tone } from '../../memberships/admin/members';
import { signOutLocally } from './session';

/** Badge and label colours by tone. Orange has no design token yet: one arbitrary value, kept here only. */
export const TONE_CLASSES: Record<Tone, string> = {
  green: 'border-success/50 bg-success/10 text-success',
  yellow: 'border-gold/50 bg-gold/10 text-gold',
  orange: 'border-warning/50 bg-warning/10 text-warning',
  red: 'border-danger/50 bg-danger/10 text-danger',
  grey: 'border-line bg-raised text-muted',
};

/** Text colour alone, for labels without a badge. */
export const TONE_TEXT: Record<Tone, string> = {
  green: 'text-success',
  yellow: 'text-gold',
  orange: 'text-warning',
  red: 'text-danger',
  grey: 'text-muted',
};

export function Badge({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <span data-tone={tone} data-testid={testId} className={`inline-flex items-center rounded-button border px-3 py-0.5 text-small font-bold ${TONE_CLASSES[tone]}`}>
      {children}
    </span>
  );
}

/** A spinner that stops turning under reduced motion. */
export function Spinner({ className = 'h-8 w-8' }: { className?: string }) {
  return <span aria-hidden="true" className={`inline-block animate-spin rounded-full border-4 border-line border-t-accent motion-reduce:animate-none ${className}`} />;
}

export function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-10 text-muted">
      <Spinner className="h-6 w-6" />
      <span>{label}</span>
    </div>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="card border-danger/50">
      <p className="font-bold text-danger">Could not load the data.</p>
      <p className="mt-1 text-small text-muted">{message}</p>
      <button type="button" className="btn-secondary mt-4" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

export type Loaded<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/** The message of a failed call: the server's error field, else the error text. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** An admin read: a GET endpoint without path parameters. */
type AdminRead = Endpoint<'GET', string, undefined, unknown>;

/**
 * Loads an admin endpoint once, with a reload (staff data is read on demand: no retries, no
 * polling). A 401 means the session ended meanwhile: the browser signs out and goes to the login page.
 */
export function useAdminData<E extends AdminRead>(endpoint: E): [Loaded<AnswerOf<E>>, () => Promise<void>] {
  const read = useCallback(async () => (await callApi<AdminRead>(endpoint)) as AnswerOf<E>, [endpoint]);
  return useAdminRead(read);
}

/** The same for any staff read (an endpoint with path parameters): `read` should be memoised, it reloads when it changes. */
export function useAdminRead<T>(read: () => Promise<T>): [Loaded<T>, () => Promise<void>] {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const load = useCallback(async () => {
    try {
      setState({ status: 'ready', data: await read() });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        signOutLocally();
        return;
      }
      setState({ status: 'error', message: errorMessage(error) });
    }
  }, [read]);
  useEffect(() => {
    void load();
  }, [load]);
  return [state, load];
}

export function StatCard({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="card p-5" data-testid={testId}>
      <dt className="text-small font-bold text-muted">{label}</dt>
      <dd className="mt-2 text-h3 font-extrabold text-accent-strong">{value}</dd>
    </div>
  );
}

/** One item the site gave up on (a message, a refund): what it is, the details, the last error, and its Retry. */
export function RetryItem({ title, details, error, retrying, disabled, onRetry }: { title: ReactNode; details: ReactNode; error: string; retrying: boolean; disabled: boolean; onRetry: () => void }) {
  return (
    <li className="card wrap-anywhere flex flex-wrap items-start justify-between gap-4 p-5">
      <div className="min-w-0">
        <p className="font-bold">{title}</p>
        <p className="mt-1 text-small text-muted">{details}</p>
        <p className="mt-1 break-words text-small text-muted">{error}</p>
      </div>
      <button type="button" className="btn-secondary" disabled={disabled} onClick={onRetry}>
        {retrying ? 'Retrying...' : 'Retry'}
      </button>
    </li>
  );
}
