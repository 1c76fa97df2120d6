// Integration setup file (runs before each test file): point the app's store configuration at the
// private Redis and the Upstash REST bridge started by global-setup.ts, and its Stripe settings at the
// run's Stripe emulator. The league catalogue every function reads is the fixture season of
// league-fixture.ts, and the calendar clock (CALENDAR_NOW) a moment when all its sessions take
// registrations: the suite never depends on the shipped content's dates or on today's.
import { inject, vi } from 'vitest';
import { FIXTURE_ALL_OPEN } from './league-fixture';

vi.mock('../../src/features/league/catalogue', async () => ({ league: (await import('./league-fixture')).fixtureLeague }));
process.env['CALENDAR_NOW'] = FIXTURE_ALL_OPEN.toISOString();

process.env['NODE_ENV'] = 'test';
process.env['REDIS_URL'] = inject('redisUrl');
process.env['UPSTASH_REDIS_REST_URL'] = inject('upstashUrl');
process.env['UPSTASH_REDIS_REST_TOKEN'] = inject('upstashToken');
process.env['STRIPE_SECRET_KEY'] = inject('stripeSecretKey');
process.env['STRIPE_API_BASE'] = inject('stripeApiBase');
process.env['STRIPE_WEBHOOK_SECRET'] = inject('stripeWebhookSecret');
process.env['STRIPE_PORTAL_LOGIN_URL'] = inject('stripePortalLoginUrl');
