import { describe, expect, it } from 'vitest';
import { localInstant } from '../../bay-booking/rules/local-time';
import { renderMessage } from '../../../shared/mail/render';
import { markFills } from '../../../shared/mail/marks';
import { quoteConfig } from '../quote-catalogue';
import { priceQuote } from '../rules/quote';
import { customerMarks, depositMessages, preparedDeposit, quoteSentMail } from './quote-emails';

const NOW = localInstant('2026-12-01', 12 * 60);
const priced = priceQuote(quoteConfig, { date: '2026-12-11', start: '18:00', end: '21:00', spaces: ['bunker'], guests: 18, packages: [{ id: 'front-nine', guests: 18 }], extras: [] }, NOW);
const record = { id: 'req-1', name: 'Jamie Rivera', email: 'jamie@example.com', quote: priced.quote!, version: 2 };
const LINK = 'https://verona.example/events/quote?quote=req-1&token=t';

describe('the quote e-mail, addressed by the saving script', () => {
  it('carries marks where the name and address go, which filled give the message written for them', () => {
    const marks = customerMarks(record.id);
    const marked = JSON.stringify(quoteSentMail(quoteConfig, { ...record, ...marks }, LINK, NOW));
    const filled = markFills([[marks.email, record.email], [marks.name, record.name]]).reduce((text, [mark, value]) => text.split(mark).join(value), marked);
    expect(JSON.parse(filled)).toEqual(quoteSentMail(quoteConfig, record, LINK, NOW));
    expect(renderMessage(JSON.parse(filled)).text).toContain('Hi Jamie Rivera, here is your quote');
  });
});

describe('the messages a paid deposit queues, prepared when paying starts', () => {
  it('are the confirmation, staff’s notice and the late-payment notice of that session, as JSON texts of that version', () => {
    const messages = depositMessages(quoteConfig, record, LINK, 'cs_1', NOW);
    expect([messages.confirmation.key, messages.staff.key, messages.late.key]).toEqual(['event-deposit-confirmed:req-1', 'event-deposit-staff:req-1', 'event-deposit-late:req-1:cs_1']);
    const prepared = preparedDeposit(quoteConfig, record, LINK, 'cs_1', NOW);
    expect(prepared).toMatchObject({ session: 'cs_1', version: 2 });
    expect([prepared.confirmation, prepared.staff, prepared.late].map((text) => JSON.parse(text) as unknown)).toEqual([messages.confirmation, messages.staff, messages.late]);
  });
});
