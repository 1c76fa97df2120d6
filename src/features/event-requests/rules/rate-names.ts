/**
 * Which price list a price is, said plainly: the events page's rental cards are the event rates
 * quotes use; /book charges each bay type from where bay-booking.json says (the contact page's posted
 * simulator rates, a rental card, or a price written there). Both pages name theirs from content.
 */
import type { BayBookingContent } from '../../bay-booking/rules/content';
import type { QuoteContent } from './quote-content';

/** Per bay type of /book: its name and the rate its prices are ('Simulator bay: Regular simulator rate, ...'). */
export function bookRateNotes(booking: Pick<BayBookingContent, 'bayTypes'>, names: QuoteContent['rateNames']): Array<{ bayType: string; rate: string }> {
  return booking.bayTypes.map((type) => {
    const sources = new Set(type.prices.map((price) => ('from' in price ? price.from : 'written')));
    const rate = [...sources].map((source) => (source === 'rental-card' ? names.event : names.simulator));
    return { bayType: type.name, rate: [...new Set(rate)].join('; ') };
  });
}
