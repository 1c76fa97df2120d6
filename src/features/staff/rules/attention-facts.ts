/**
 * The content facts the dashboard's "Needs Attention" reads (attention.ts), taken from the content
 * files when the dashboard page is built: each league session's registration window, the promotion's
 * days, bay prices marked as placeholders, the blackout dates and until when each upcoming event is
 * listed. Build-time only: it reads the schemas' types and the calendar, the dashboard gets plain data.
 */
import type { BayBookingContent } from '../../bay-booking/rules/content';
import type { League } from '../../league/rules/league';
import { sessionWindows } from '../../league/rules/registration-window';
import type { Promotion } from '../../memberships/rules/membership';
import { promotionWindow } from '../../memberships/rules/promotion-window';
import type { AttentionFacts } from './attention';

export interface AttentionContent {
  league: Pick<League, 'sessions' | 'teeTimes'>;
  promotion: Promotion;
  bayBooking: Pick<BayBookingContent, 'bayTypes' | 'blackouts'>;
  /** The events as the events page lists them on the day of the build, with the instant each stops being listed (null: weekly). */
  events: ReadonlyArray<{ title: string; until: string | null }>;
}

export function attentionFacts(content: AttentionContent): AttentionFacts {
  return {
    league: sessionWindows(content.league).map(({ name, open, opensAt, closesAt }) => ({ name, open, opensAt, closesAt })),
    promotion: { name: content.promotion.name, ...promotionWindow(content.promotion) },
    placeholderPrices: content.bayBooking.bayTypes.flatMap((type) =>
      type.prices.flatMap((price) => ('placeholder' in price && price.placeholder ? [`${type.name} on ${price.days.join(', ')}`] : [])),
    ),
    blackoutDates: content.bayBooking.blackouts.map((blackout) => blackout.date),
    events: content.events,
  };
}
