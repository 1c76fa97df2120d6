// Integration setup file (runs before each test file): point the app's store configuration at the
// private Redis and the Upstash REST bridge started by global-setup.ts.
import { inject } from 'vitest';

process.env['NODE_ENV'] = 'test';
process.env['REDIS_URL'] = inject('redisUrl');
process.env['UPSTASH_REDIS_REST_URL'] = inject('upstashUrl');
process.env['UPSTASH_REDIS_REST_TOKEN'] = inject('upstashToken');
