/**
 * Voiding a card: the balance step takes the whole balance (refused if it is not the one staff saw)
 * and, in the same script, the card's message still waiting for its date is withdrawn, so a code
 * that no longer pays for anything is never sent.
 */
import { defineScript } from '../../../shared/server/script';
import { withStore } from '../../../shared/server/store';
import { moveBalance, moveOf, readMove, type Move, type MoveResult } from './balance-script';
import type { GiftCardRecord } from './record';
import { withdrawMessage, withdrawn } from './resend';

const voidScript = defineScript({
  name: 'gift card void',
  keys: [],
  args: {},
  steps: { move: moveBalance, mail: withdrawMessage },
  lua: `
local result = moveBalance(move)
if result[1] == 'ok' then withdrawMessage(mail) end
return result`,
});

export async function voidBalance(card: GiftCardRecord, move: Omit<Move, 'id' | 'kind'>): Promise<MoveResult> {
  const answer = await withStore((store) => voidScript.run(store, { keys: {}, args: {}, steps: { move: moveOf({ ...move, id: card.id, kind: 'void' }), mail: withdrawn(card) } }));
  return readMove(answer);
}
