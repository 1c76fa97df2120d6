// Prizes from /admin/league: a weekly award's winner gets a gift card in one step (no payment, a
// 'prize' ledger entry), e-mailed to both players once; a second click issues nothing; bad input is a
// 400 naming the field with nothing written; the card is in the gift cards' family of the data file.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import playFunction, { config as playConfig } from '../../netlify/functions/admin-league-play';
import { entryAnswer, prizeAnswer } from '../../src/features/league/contract/admin-league-play';
import { normalizeCode } from '../../src/features/gift-cards/rules/code';
import { cardByCode } from '../../src/features/gift-cards/server/lookup';
import { CARDS_KEY } from '../../src/features/gift-cards/server/keys';
import { recordFamilies } from '../../src/features/record-families';
import { readVenueData, writeVenueData } from '../../src/shared/venue-data/store';
import { routed } from '../support/function-context';
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, clearStore, restoreStoreEnv, withRedis } from './api-helpers';
import { entry, seedTeams, team } from './league-play-helpers';
import { afterAnswerContext, useMailCatcher } from './mail-helpers';

const play = routed(playFunction, playConfig);
const mail = useMailCatcher();
const CODE = /[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/;
const PRIZE = { sessionId: 'winter', week: 1, awardId: 'closest-to-pin', amount: 25 };

describe('league prizes: an award winner gets a gift card from /admin/league', () => {
  let cookie = '';
  beforeEach(async () => {
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    await clearStore();
    mail.catcher.clear();
    cookie = await adminCookie();
    await seedTeams([team(1), team(2), team(3), team(4)]);
    const { context, settled } = afterAnswerContext();
    const week1 = { sessionId: 'winter', week: 1, expectedVersion: 0, entries: [entry('reg-1', 80), entry('reg-2', 78), entry('reg-3', 90), entry('reg-4', 85)], awards: [{ awardId: 'closest-to-pin', teamId: 'reg-2', value: '4ft 2in' }] };
    expect((await play(apiRequest('/api/admin/league-play', { cookie, body: week1 }), context)).status).toBe(200);
    await settled();
    mail.catcher.clear();
  });
  afterEach(() => restoreStoreEnv());

  const give = async (body: Record<string, unknown>, options: { cookie?: string; origin?: string } = { cookie }) => {
    const { context, settled } = afterAnswerContext();
    const response = await play(apiRequest('/api/admin/league-play/prizes', { ...options, body }), context);
    await settled();
    return response;
  };
  const read = async () => entryAnswer.parse(await (await play(apiRequest('/api/admin/league-play/sessions/winter', { cookie }))).json());
  const cardIds = () => withRedis((client) => client.zRange(CARDS_KEY, 0, -1));

  it('issues one card with a prize ledger entry and no payment, mailed to both players, and shows it on the entry', async () => {
    const response = await give(PRIZE);
    expect(response.status).toBe(200);
    expect(prizeAnswer.parse(await response.json())).toEqual({ ok: true, issued: true, amountCents: 2500 });

    const sent = await mail.catcher.messages();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toEqual(['ann2@example.com', 'bo2@example.com']);
    expect(sent[0]!.subject).toContain('You won a $25.00 gift card');
    expect(sent[0]!.text).toContain('Closest to Pin, week 1 of the Winter Session (Team 02: 4 ft 2 in)');
    const code = sent[0]!.text.match(CODE)![0];

    const state = (await cardByCode(normalizeCode(code)!))!;
    expect(state.balanceCents).toBe(2500);
    expect(state.card).toMatchObject({ paymentIntent: null, amountCents: 2500, recipient: { email: 'ann2@example.com' }, checkoutSessionId: expect.stringMatching(/^prize:league:winter@\d{4}-\d{2}-\d{2}:1:closest-to-pin$/) });
    expect(state.ledger).toEqual([expect.objectContaining({ kind: 'prize', amountCents: 2500, balanceAfterCents: 2500, reference: state.card.checkoutSessionId })]);
    expect((await read()).prizes).toEqual([{ week: 1, awardId: 'closest-to-pin', amountCents: 2500 }]);
  });

  it('issues nothing on a second click, whatever amount it asks, and nothing after an export and restore', async () => {
    await give(PRIZE);
    mail.catcher.clear();
    const again = await give({ ...PRIZE, amount: 50 });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ok: true, issued: false, amountCents: 2500 });
    expect(await cardIds()).toHaveLength(1);
    expect(await mail.catcher.messages()).toEqual([]);

    const { data } = await readVenueData(recordFamilies);
    const cards = data.records['giftCards'] as Array<{ ledger: Array<{ kind: string }> }>;
    expect(cards.map((card) => card.ledger.map((line) => line.kind))).toEqual([['prize']]);
    await clearStore();
    await writeVenueData(recordFamilies, data);
    expect(await (await give(PRIZE)).json()).toEqual({ ok: true, issued: false, amountCents: 2500 });
    expect(await cardIds()).toHaveLength(1);
    expect(await mail.catcher.messages()).toEqual([]);
  });

  it('refuses bad input naming the field and writes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...PRIZE, amount: 9 }, 'amount'],
      [{ ...PRIZE, amount: 501 }, 'amount'],
      [{ ...PRIZE, amount: 25.5 }, 'amount'],
      [{ ...PRIZE, amount: '25' }, 'amount'],
      [{ ...PRIZE, week: 2 }, 'week'],
      [{ ...PRIZE, week: 9 }, 'week'],
      [{ ...PRIZE, awardId: 'longest-drive' }, 'awardId'],
      [{ ...PRIZE, awardId: 'longest-putt' }, 'awardId'],
      [{ ...PRIZE, sessionId: 'summer' }, 'sessionId'],
    ];
    for (const [body, field] of cases) {
      const response = await give(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(((await response.json()) as { fields: Record<string, string> }).fields)).toContain(field);
    }
    expect(await withRedis((client) => client.keys('giftcard:*'))).toEqual([]);
    expect(await mail.catcher.messages()).toEqual([]);
  });

  it('needs the staff session (401) and the site as origin (403)', async () => {
    expect((await give(PRIZE, {})).status).toBe(401);
    expect((await give(PRIZE, { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect(await cardIds()).toEqual([]);
    expect(await mail.catcher.messages()).toEqual([]);
  });
});
