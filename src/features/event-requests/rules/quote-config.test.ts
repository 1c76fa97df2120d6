import { describe, expect, it } from 'vitest';
import raw from '../../../content/event-quotes.json';
import { bayBooking } from '../../bay-booking/catalogue';
import { resolveQuoteConfig } from './quote-config';
import { quoteContentSchema } from './quote-content';

const content = quoteContentSchema.parse(raw);
const rental = { bays: [{ name: 'Bays 1-5', offPeak: 49, peak: 59 }, { name: 'Bay 6', offPeak: 65, peak: 75 }] };

describe('event quote settings', () => {
  it('lists the six bays at their rental card rates, then the private spaces', () => {
    const { config, problems } = resolveQuoteConfig(content, bayBooking, rental);
    expect(problems).toEqual([]);
    expect(config.resources.map((resource) => [resource.id, resource.capacity])).toEqual([
      ['bay-1', 8], ['bay-2', 8], ['bay-3', 8], ['bay-4', 8], ['bay-5', 8], ['bay-6', 20], ['bunker', 20], ['back-9-lounge', 35],
    ]);
    expect(config.resources[5]?.price).toEqual({ kind: 'event-rate', offPeakCents: 6_500, peakCents: 7_500 });
    expect(config.deposit).toEqual({ percent: 50, minimumCents: 10_000 });
  });

  it('names the rental card it cannot find and a space that reuses a bay id', () => {
    const { problems } = resolveQuoteConfig({ ...content, spaces: [{ ...content.spaces[0]!, id: 'bay-2' }] }, bayBooking, { bays: rental.bays.slice(0, 1) });
    expect(problems).toEqual([
      {
        places: [{ file: 'src/content/event-quotes.json', field: 'bayRates[1].card' }, { file: 'src/content/events.json', field: 'rental.bays' }],
        message: 'bay type large takes its event rate from the rental card "Bay 6", which src/content/events.json does not have',
      },
      { places: [{ file: 'src/content/event-quotes.json', field: 'spaces[0].id' }, { file: 'src/content/bay-booking.json', field: 'bays[1].id' }], message: 'space bay-2 has the id of a bay in src/content/bay-booking.json' },
    ]);
  });

  it('refuses a space holding fewer guests than its minimum', () => {
    expect(quoteContentSchema.safeParse({ ...content, spaces: [{ ...content.spaces[0]!, minGuests: 30 }] }).success).toBe(false);
  });
});
