/**
 * The prizes given for a session's weekly awards, as the score entry shows them beside each winner:
 * read from the gift cards (a prize is a card whose reference names the session, week and award).
 */
import { giftCards } from '../../gift-cards/catalogue';
import { prizeReference } from '../../gift-cards/rules/prize';
import { prizesGiven } from '../../gift-cards/server/prize';
import type { EntryAnswer } from '../contract/admin-league-play';
import { prizeParts } from '../rules/play-prize';
import type { StoredWeek } from './play-store';

export const prizeReferenceOf = (storeSessionId: string, week: number, awardId: string) => prizeReference(prizeParts(storeSessionId, week, awardId));

/** The prize amounts staff may give, in whole dollars. */
export const PRIZE_RULES: EntryAnswer['rules']['prize'] = { min: giftCards.custom.min, max: giftCards.custom.max, suggested: giftCards.presets[0]! };

/** The prizes given for the awards of these weeks of a session's run (`storeSessionId`). */
export async function sessionPrizes(storeSessionId: string, weeks: readonly StoredWeek[]): Promise<EntryAnswer['prizes']> {
  const awards = weeks.flatMap((week) => week.awards.map((award) => ({ week: week.week, awardId: award.awardId, reference: prizeReferenceOf(storeSessionId, week.week, award.awardId) })));
  const given = await prizesGiven(awards.map((award) => award.reference));
  return awards.flatMap(({ week, awardId, reference }) => {
    const prize = given.get(reference);
    return prize ? [{ week, awardId, amountCents: prize.amountCents }] : [];
  });
}
