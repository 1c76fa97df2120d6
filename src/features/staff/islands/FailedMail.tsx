import { useState } from 'react';
import { formatDateTime, plural } from '../../../domain/dates';
import { retryFailedMessage, type FailedMessage } from '../contract/admin-mail';
import { callApi } from '../../../lib/api-client';
import { showToast } from '../../../islands/toast';
import { errorMessage, LoadError, Loading, RetryItem, type Loaded } from './ui';

/**
 * The dashboard's "Undelivered e-mail": messages the site gave up on after its retries (the mail
 * server refused them every time), each with a Retry button that queues it again and sends it now.
 * The dashboard loads the list (its attention list counts it too) and hands it here with its reload.
 */
export default function FailedMail({ failed, reload }: { failed: Loaded<FailedMessage[]>; reload: () => Promise<void> }) {
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
              <RetryItem
                key={message.key}
                title={message.subject}
                details={`To ${message.to.join(', ')} · failed ${formatDateTime(message.failedAt)} after ${plural(message.attempts, 'attempt')}`}
                error={message.lastError}
                retrying={busy === message.key}
                disabled={busy !== null}
                onRetry={() => void retry(message)}
              />
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
