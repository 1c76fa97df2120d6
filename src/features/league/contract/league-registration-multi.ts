/**
 * POST /api/league-registration-multi: registers a team for one or more league sessions and starts
 * the hosted Checkout that pays them. Body: leagueRegistrationSchema
 * (src/features/league/contract/registration-form.ts). Answer: the hosted Checkout page's address.
 */
import * as z from 'zod/mini';
import type { leagueRegistrationSchema } from './registration-form';
import { endpoint } from '../../../shared/contract/endpoint';

export const leagueCheckoutAnswer = z.object({ checkoutUrl: z.string() });
export type LeagueCheckoutAnswer = z.infer<typeof leagueCheckoutAnswer>;

export const registerTeam = endpoint('POST', '/api/league-registration-multi')
  .takes<z.input<ReturnType<typeof leagueRegistrationSchema>>>()
  .answers<LeagueCheckoutAnswer>();
