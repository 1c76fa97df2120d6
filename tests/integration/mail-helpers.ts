// Mail in integration tests: a real SMTP server (the local mail catcher, which parses what arrives with
// mailparser) the handlers send to, and the work they leave for after their answer.
import { afterAll, beforeAll } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../dev/mail-catcher/index';
import { closeTransport } from '../../src/shared/mail/transport';

export const STAFF_TO = 'staff@verona.example';

/** Starts a catcher for the file's tests and points SMTP_URL, STAFF_NOTIFY_TO and SITE_URL at it. */
export function useMailCatcher(): { readonly catcher: MailCatcher } {
  const holder: { catcher?: MailCatcher } = {};
  beforeAll(async () => {
    holder.catcher = await startMailCatcher();
    process.env['SMTP_URL'] = holder.catcher.smtpUrl;
    process.env['STAFF_NOTIFY_TO'] = STAFF_TO;
    process.env['SITE_URL'] = 'https://verona.example';
  });
  afterAll(async () => {
    closeTransport();
    delete process.env['SMTP_URL'];
    delete process.env['STAFF_NOTIFY_TO'];
    delete process.env['SITE_URL'];
    await holder.catcher?.close();
  });
  return {
    get catcher() {
      if (!holder.catcher) throw new Error('the mail catcher is not started');
      return holder.catcher;
    },
  };
}

/** A context whose waitUntil collects the work a handler leaves for after its answer; `settled()` awaits it. */
export function afterAnswerContext(extra: Record<string, unknown> = {}) {
  const pending: Promise<unknown>[] = [];
  return {
    context: { ...extra, waitUntil: (promise: Promise<unknown>) => void pending.push(promise) },
    settled: () => Promise.all(pending),
  };
}
