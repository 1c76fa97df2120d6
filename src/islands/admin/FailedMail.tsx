import { useState } from 'react';
import { formatDateTime, plural } from '../../domain/admin/format';
import { listFailedMessages, retryFailedMessage, type FailedMessage } from '../../domain/api/admin-mail';
import { callApi } from '../../lib/api-client';
import { showToast } from '../../stores/toast';
import { errorMessage, LoadError, Loading, useAdminData } from './ui';

/**
 * The dashboard's "Undelivered e-mail": messages the site gave up on after its retries (the mail
 * server refused them every time), each with a Retry button that queues it again and sends it now.
 */
export default function FailedMail() {
  const [failed, reload] = useAdminData(listFailedMessages);
  const [busy, setBusy] = useState<string | null>(null);

  async function retry(message: FailedMessage) {
    setBusy(message.key);
    try {
      await callApi(retryFailedMessage, { params: { key: message.key } });
      showToast({ title: 'Message queued again', description: `"${message.subject}" is being sent.` });
      await reload();
    } catch (error) {
      showToast({ title: 'Retry failed', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="failed-mail" className="mt-12">
      <h2 id="failed-mail" className="text-h3">
        Undelivered E-mail
      </h2>
      <div className="mt-4" data-testid="failed-mail">
        {failed.status === 'loading' ? <Loading label="Loading undelivered e-mail..." /> : null}
        {failed.status === 'error' ? <LoadError message={failed.message} onRetry={reload} /> : null}
        {failed.status === 'ready' && failed.data.length === 0 ? <p className="text-muted">Every message was delivered.</p> : null}
        {failed.status === 'ready' && failed.data.length > 0 ? (
          <ul className="grid gap-3">
            {failed.data.map((message) => (
              <li key={message.key} className="card flex flex-wrap items-start justify-between gap-4 p-5">
                <div className="min-w-0">
                  <p className="font-bold">{message.subject}</p>
                  <p className="mt-1 text-small text-muted">
                    To {message.to.join(', ')} · failed {formatDateTime(message.failedAt)} after {plural(message.attempts, 'attempt')}
                  </p>
                  <p className="mt-1 break-words text-small text-muted">{message.lastError}</p>
                </div>
                <button type="button" className="btn-secondary" disabled={busy !== null} onClick={() => void retry(message)}>
                  {busy === message.key ? 'Retrying...' : 'Retry'}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
