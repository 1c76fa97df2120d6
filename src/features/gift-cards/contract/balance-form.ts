/** The body of POST /api/gift-card-balance: a code as typed (its check character is verified after). */
import * as z from 'zod';
import { BALANCE_TEXTS } from './balance-texts';

export const balanceQuerySchema = z.object({ code: z.string({ error: BALANCE_TEXTS.badCode }).max(40, BALANCE_TEXTS.badCode) });
