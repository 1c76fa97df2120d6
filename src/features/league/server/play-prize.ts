/**
 * Giving a weekly award's winner a prize: a gift card issued without payment (ledger kind 'prize') and
 * e-mailed to both players of the winning team, once per session, week and award: a second click, or
 * a second member of staff, gets the card given before and nothing is written. The week must be saved
 * with a winner for the award; the amount is a gift card's (whole dollars in the content's range).
 */
import { giftCards } from '../../gift-cards/catalogue';
import { checkPrizeAmount } from '../../gift-cards/rules/prize';
import { issuePrize } from '../../gift-cards/server/prize';
import { leaguePlay } from '../play-catalogue';
import { prizeProblems, type PrizeBody } from '../rules/play-prize';
import type { FieldErrors } from '../../../shared/contract/field-errors';
import { HttpError } from '../../../shared/server/request';
import { findSession, storeId, teamsBySession } from './play-service';
import { prizeReferenceOf } from './play-prizes';
import { readPlayState } from './play-store';
import { currentSeason } from './season';

const refuse = (fields: FieldErrors): never => {
  throw new HttpError(400, Object.values(fields)[0]!, { fields });
};

export async function giveLeaguePrize(body: PrizeBody, now: Date): Promise<{ issued: boolean; amountCents: number; queued: string[] }> {
  const session = findSession(body.sessionId);
  const fields = prizeProblems(leaguePlay, session.weeks, body);
  const amount = checkPrizeAmount(body.amount, giftCards);
  if (!amount.ok) fields['amount'] = amount.message;
  if (Object.keys(fields).length > 0 || !amount.ok) return refuse(fields);

  const sessionKey = storeId(session.id);
  const [state, teams] = await Promise.all([readPlayState(currentSeason, [sessionKey], []), teamsBySession()]);
  const week = state.sessions[sessionKey]?.weeks.find((each) => each.week === body.week);
  if (!week) return refuse({ week: `Week ${body.week} is not saved yet` });
  const award = leaguePlay.awards.find((each) => each.id === body.awardId)!;
  const winner = week.awards.find((each) => each.awardId === body.awardId);
  if (!winner) return refuse({ awardId: `No team won ${award.name} in week ${body.week}` });
  const team = (teams.get(session.id) ?? []).find((each) => each.id === winner.teamId);
  if (!team) return refuse({ awardId: `The winner of ${award.name} in week ${body.week} is no longer a team of the ${session.name}` });

  const { issued, given, queued } = await issuePrize(
    {
      reference: prizeReferenceOf(sessionKey, body.week, body.awardId),
      amountCents: amount.cents,
      winners: team.players,
      wonFor: `${award.name}, week ${body.week} of the ${session.name} (${team.name}: ${winner.value})`,
    },
    now.getTime(),
  );
  return { issued, amountCents: given.amountCents, queued };
}
