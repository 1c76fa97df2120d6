/**
 * POST /api/league-registration-multi: registers a team for one or more league sessions and starts
 * the hosted Checkout that pays them. Body: leagueRegistrationSchema
 * (src/domain/forms/league-registration.ts). Answer: the hosted Checkout page's address.
 */
import * as z from 'zod/mini';
import type { leagueRegistrationSchema } from '../forms/league-registration';
import { endpoint } from './endpoint';

export const leagueCheckoutAnswer = z.object({ checkoutUrl: z.string() });
export type LeagueCheckoutAnswer = z.infer<typeof leagueCheckoutAnswer>;

export const registerTeam = endpoint('POST', '/api/league-registration-multi')
  .takes<z.input<ReturnType<typeof leagueRegistrationSchema>>>()
  .answers<LeagueCheckoutAnswer>();
