// Everything the reliability suite runs against, started for real and on free ports:
//   - a redis-server of its own with durable data (durable-redis.ts), which faults stop and restart;
//   - the Stripe emulator (dev/stripe-emulator), in this process, behind a fault-injecting proxy
//     (stripe-proxy.ts) that the site's Stripe client talks to;
//   - the local mail catcher (dev/mail-catcher), in this process, behind a fault-injecting SMTP proxy
//     (smtp-proxy.ts) that the site's mail transport talks to;
//   - the local runtime (`npm start --no-build`, dev/start.ts) serving dist/ and every function warm,
//     with its Upstash REST bridge in front of that redis-server, and the emulator's webhooks
//     delivered to its /api/stripe-webhook.
// Requests go over HTTP (http.ts) and are counted per part for the summary (recorder.ts).
import { shippedOpenInstant } from '../support/shipped-calendar';
import { startMailCatcher, type MailCatcher } from '../../dev/mail-catcher/index';
import { startStripeEmulator, type StripeEmulator } from '../../dev/stripe-emulator/index';
import { DurableRedis } from './durable-redis';
import { HttpClient, type Answer } from './http';
import { Recorder, type Part } from './recorder';
import { Runtime } from './runtime';
import { SmtpFaultProxy } from './smtp-proxy';
import { StripeFaultProxy } from './stripe-proxy';

export const ADMIN_PASSWORD = 'reliability-admin-password';
/** The suite sets the site's JWT secret, so it can sign expired tokens with the real key. */
export const ADMIN_JWT_SECRET = 'reliability-jwt-secret-0123456789-abcdefghijklmnop';
/** Every request comes from 127.0.0.1: the per-IP booking limit (10 per 10 minutes) would refuse the load. */
export const BOOKING_RATE_LIMIT = 1_000_000;

export interface Harness {
  redis: DurableRedis;
  emulator: StripeEmulator;
  proxy: StripeFaultProxy;
  mail: MailCatcher;
  smtpProxy: SmtpFaultProxy;
  runtime: Runtime;
  recorder: Recorder;
  http: HttpClient;
  /** http://localhost:PORT: the site's own origin. */
  origin: string;
  /** Cookie header of an admin session, from a real login at start. */
  adminCookie: string;
  /** Lines the emulator logged (failed webhook deliveries). */
  emulatorLog: string[];
  /** POST/DELETE with the site's Origin; a JSON body when `body` is given. */
  call(part: Part, method: string, path: string, options?: { body?: unknown; cookie?: string; headers?: Record<string, string>; timeoutMs?: number }): Promise<Answer>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const recorder = new Recorder();
  const emulatorLog: string[] = [];
  const stops: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error('[reliability] teardown:', error));
  };
  try {
    const redis = await DurableRedis.start();
    stops.push(() => redis.destroy());
    const emulator = await startStripeEmulator({ log: (line) => emulatorLog.push(line), webhookRetryDelays: [200, 1000] });
    stops.push(() => emulator.close());
    const proxy = await StripeFaultProxy.start(emulator.url);
    stops.push(() => proxy.close());
    const mail = await startMailCatcher();
    stops.push(() => mail.close());
    const smtpProxy = await SmtpFaultProxy.start(mail.smtpPort);
    stops.push(() => smtpProxy.close());
    const runtime = await Runtime.start({
      SMTP_URL: smtpProxy.url,
      STAFF_NOTIFY_TO: 'staff@reliability.example',
      REDIS_URL: redis.url,
      STRIPE_SECRET_KEY: emulator.secretKey,
      STRIPE_API_BASE: proxy.url,
      STRIPE_WEBHOOK_SECRET: emulator.webhookSecret,
      STRIPE_PORTAL_LOGIN_URL: emulator.portalLoginUrl,
      ADMIN_PASSWORD,
      ADMIN_JWT_SECRET,
      EVENT_BOOKING_RATE_LIMIT: String(BOOKING_RATE_LIMIT),
      BAY_UNPAID_HOLDS_PER_VISITOR: String(BOOKING_RATE_LIMIT),
      // The league's sessions take registrations whatever month the suite runs in.
      CALENDAR_NOW: shippedOpenInstant().toISOString(),
    });
    stops.push(() => runtime.stop());
    emulator.webhookUrl = `${runtime.origin}/api/stripe-webhook`;
    const http = new HttpClient(`http://127.0.0.1:${runtime.port}`, recorder);
    const origin = runtime.origin;

    const call: Harness['call'] = (part, method, path, options = {}) => {
      const headers: Record<string, string> = { ...options.headers };
      if (method !== 'GET' && method !== 'HEAD') headers['origin'] ??= origin;
      if (options.cookie) headers['cookie'] = options.cookie;
      if (options.body !== undefined) headers['content-type'] ??= 'application/json';
      return http.send(part, {
        method,
        path,
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      });
    };

    // One real login before anything else (the fuzz's wrong passwords lock 127.0.0.1 out for 15 minutes).
    const login = await call('fuzz', 'POST', '/api/admin/auth/login', { body: { password: ADMIN_PASSWORD } });
    if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${login.text}`);
    const adminCookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

    return { redis, emulator, proxy, mail, smtpProxy, runtime, recorder, http, origin, adminCookie, emulatorLog, call, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** True while a process with this pid exists. */
export function isAlive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
