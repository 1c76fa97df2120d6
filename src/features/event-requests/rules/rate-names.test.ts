import { describe, expect, it } from 'vitest';
import booking from '../../../content/bay-booking.json';
import quotes from '../../../content/event-quotes.json';
import { bayBookingContentSchema } from '../../bay-booking/rules/content';
import { bookRateNotes } from './rate-names';

describe('the price lists, named', () => {
  it('names /book’s rate per bay type by where bay-booking.json takes its price', () => {
    expect(bookRateNotes(bayBookingContentSchema.parse(booking), quotes.rateNames)).toEqual([
      { bayType: 'Simulator bay', rate: quotes.rateNames.simulator },
      { bayType: 'Large bay', rate: quotes.rateNames.event },
    ]);
  });
});
