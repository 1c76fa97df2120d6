/**
 * A weekly award's prize as staff give it (the request body), and the checks that need the league:
 * the week in the session's range, the award one of the content's. The amount is checked against the
 * gift cards' content (gift-cards/rules/prize.ts) and the winner against the saved week, by the service.
 */
import * as z from 'zod';
import type { FieldErrors } from '../../../shared/contract/field-errors';
import type { PlayRules } from './play-content';

export const prizeBodySchema = z.object({
  sessionId: z.string().regex(/^[a-z0-9-]{1,40}$/, 'Choose a league session'),
  week: z.number({ error: 'The week is a number' }).int('The week is a whole number'),
  awardId: z.string().min(1, 'Choose an award').max(40, 'Choose an award'),
  /** Whole dollars, as a gift card's amount everywhere on the site. */
  amount: z.number({ error: 'The amount is a number of dollars' }),
});

export type PrizeBody = z.output<typeof prizeBodySchema>;

/** What is wrong with the body's week and award for a session of `weeks` weeks (empty when nothing). */
export function prizeProblems(rules: Pick<PlayRules, 'awards'>, weeks: number, body: Pick<PrizeBody, 'week' | 'awardId'>): FieldErrors {
  const fields: FieldErrors = {};
  if (body.week < 1 || body.week > weeks) fields['week'] = `The week is from 1 to ${weeks}`;
  if (!rules.awards.some((award) => award.id === body.awardId)) fields['awardId'] = 'Choose one of the weekly awards';
  return fields;
}

/** The prize's reference parts: one prize per run of a session, week and award. */
export const prizeParts = (storeSessionId: string, week: number, awardId: string) => ['league', storeSessionId, week, awardId] as const;
