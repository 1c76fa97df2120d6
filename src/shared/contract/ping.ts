/** GET /api/ping: liveness only, touching no store or payment service. */
import type { OkAnswer } from './common';
import { endpoint } from './endpoint';

export const ping = endpoint('GET', '/api/ping').answers<OkAnswer>();
