// Integration global setup: a private redis-server for this run (redis-memory-server with the system
// binary) and the Upstash REST bridge in front of it. Test files read the addresses with `inject()`
// (see integration-env.ts, which exports them as the app's environment variables).
import { randomBytes } from 'node:crypto';
import { access, constants } from 'node:fs/promises';
import { RedisMemoryServer } from 'redis-memory-server';
import type { TestProject } from 'vitest/node';
import { startStripeEmulator, type StripeEmulator } from '../../dev/stripe-emulator/index';
import { startUpstashBridge } from '../../dev/upstash-bridge';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
    upstashUrl: string;
    upstashToken: string;
    /** The run's Stripe emulator (no webhook target: test files that need webhooks start their own). */
    stripeApiBase: string;
    stripeSecretKey: string;
    stripeWebhookSecret: string;
    stripePortalLoginUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const systemBinary = process.env['REDISMS_SYSTEM_BINARY'] ?? '/usr/bin/redis-server';
  try {
    await access(systemBinary, constants.X_OK);
  } catch {
    throw new Error(
      `Integration tests need a redis-server binary at ${systemBinary} (or set REDISMS_SYSTEM_BINARY): ` +
        'install redis-server (apt-get install -y redis-server).',
    );
  }

  const redis = await RedisMemoryServer.create({ binary: { systemBinary } });
  let bridge: Awaited<ReturnType<typeof startUpstashBridge>> | undefined;
  let stripe: StripeEmulator | undefined;
  try {
    const redisUrl = `redis://${await redis.getHost()}:${await redis.getPort()}`;
    bridge = await startUpstashBridge({ redisUrl, token: randomBytes(24).toString('base64url') });
    project.provide('redisUrl', redisUrl);
    project.provide('upstashUrl', bridge.url);
    project.provide('upstashToken', bridge.token);
    stripe = await startStripeEmulator({ log: () => undefined });
    project.provide('stripeApiBase', stripe.url);
    project.provide('stripeSecretKey', stripe.secretKey);
    project.provide('stripeWebhookSecret', stripe.webhookSecret);
    project.provide('stripePortalLoginUrl', stripe.portalLoginUrl);
  } catch (error) {
    await stripe?.close();
    await bridge?.close();
    await redis.stop();
    throw error;
  }

  return async () => {
    await stripe?.close();
    await bridge?.close();
    await redis.stop();
  };
}
