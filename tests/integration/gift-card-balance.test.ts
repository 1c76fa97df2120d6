// The public balance look-up: a code failing its check character is refused without a store round
// trip, a good one is counted and answered in one, history shows dates and amounts only, and the
// 11th look-up from one connection within 10 minutes is refused.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runDataCommand } from '../../dev/data';
import { cardByCode } from '../../src/features/gift-cards/server/lookup';
import balance from '../../netlify/functions/gift-card-balance';
import { changeBalance } from '../../src/features/gift-cards/server/balance-script';
import { cardFor, issueCard } from '../../src/features/gift-cards/server/issue';
import { groupCode, checkCharacter } from '../../src/features/gift-cards/rules/code';
import { apiRequest, clearStore, restoreStoreEnv, useCountingBridge } from './api-helpers';

const NOW = Date.parse('2026-12-01T18:00:00Z');

async function issued(amountCents = 5000) {
  const made = cardFor({ id: `cs_balance_${amountCents}`, mode: 'payment', status: 'complete', payment_status: 'paid', amount_total: amountCents, payment_intent: 'pi_1', metadata: { kind: 'gift-card', amountCents: String(amountCents), purchaserName: 'Pat Buyer', purchaserEmail: 'pat@example.com', toSelf: '0', recipientName: 'Robin Green', recipientEmail: 'robin@example.com', message: 'Secret note', deliverOn: '2026-12-01' } }, NOW)!;
  await issueCard(made.card, made.code, null, NOW);
  return made;
}

const lookUp = (code: string, ip = '203.0.113.7') => balance(apiRequest('/api/gift-card-balance', { body: { code }, headers: { 'x-nf-client-connection-ip': ip } }));

describe('the gift card balance look-up', () => {
  beforeEach(clearStore);
  afterEach(restoreStoreEnv);

  it('answers the balance and a history of dates and amounts, no names, notes or messages', async () => {
    const { card, code } = await issued();
    await changeBalance({ id: card.id, amountCents: -1250, kind: 'debit', note: 'Bar tab for Robin Green', reference: 'staff', at: new Date(NOW + 1000) });
    const response = await lookUp(groupCode(code).toLowerCase());
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      balanceCents: 3750,
      status: 'active',
      history: [
        { at: new Date(NOW).toISOString(), kind: 'issue', amountCents: 5000, balanceAfterCents: 5000 },
        { at: new Date(NOW + 1000).toISOString(), kind: 'debit', amountCents: -1250, balanceAfterCents: 3750 },
      ],
    });
    expect(text).not.toMatch(/Robin|Pat|Secret|example\.com|cs_/);
  });

  it('refuses a code failing its check character without asking the store, and answers 404 for an unknown good one', async () => {
    const bridge = await useCountingBridge();
    try {
      const body = 'ABCDEFGHJKLMNPQ';
      const wrongCheck = body + (checkCharacter(body) === '2' ? '3' : '2');
      for (const code of [wrongCheck, 'ABCD', '0000-0000-0000-0000', '']) {
        const response = await lookUp(code);
        expect(response.status, code).toBe(400);
      }
      expect(bridge.requestCount).toBe(0);
      const unknown = await lookUp(body + checkCharacter(body));
      expect(unknown.status).toBe(404);
      expect(bridge.requestCount).toBe(1);
    } finally {
      await bridge.close();
    }
  });

  it('allows 10 look-ups per connection in 10 minutes, then 429 with Retry-After; another connection still gets its own', async () => {
    const { code } = await issued();
    for (let attempt = 0; attempt < 10; attempt++) expect((await lookUp(code)).status).toBe(200);
    const refused = await lookUp(code);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await lookUp(code, '198.51.100.9')).status).toBe(200);
  });

  it('keeps cards, balances, ledgers and working codes through a data export and restore', async () => {
    const { card, code } = await issued();
    await changeBalance({ id: card.id, amountCents: -700, kind: 'debit', note: 'Fries', reference: 'staff', at: new Date(NOW + 1000) });
    const before = await cardByCode(code);
    const folder = await mkdtemp(join(tmpdir(), 'gift-cards-data-'));
    try {
      const file = join(folder, 'venue.json');
      expect((await runDataCommand({ action: 'export', file, replace: false })).message).toMatch(/, 1 gift cards(, [^,]+)* to /);
      await clearStore();
      expect(await cardByCode(code)).toBeNull();
      expect((await runDataCommand({ action: 'import', file, replace: false })).message).toMatch(/, 1 gift cards(, [^,]+)* from /);
      expect(await cardByCode(code)).toEqual(before);
      const again = join(folder, 'again.json');
      await runDataCommand({ action: 'export', file: again, replace: false });
      expect(await readFile(again, 'utf8')).toBe(await readFile(file, 'utf8'));
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
