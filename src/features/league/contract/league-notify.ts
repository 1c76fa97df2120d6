/**
 * POST /api/league-notify { email }: puts the address on the list of visitors told by e-mail when
 * league registration next opens (once per address and season). 201 { ok: true }; 400 with the
 * field's message for a bad address; 429 when one connection signs up too often.
 */
import type * as z from 'zod/mini';
import type { OkAnswer } from '../../../shared/contract/common';
import { endpoint } from '../../../shared/contract/endpoint';
import type { notifyFormSchema } from './notify-form';

export const requestOpeningNotice = endpoint('POST', '/api/league-notify').takes<z.input<typeof notifyFormSchema>>().answers<OkAnswer>();
