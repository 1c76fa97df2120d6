/**
 * The membership promotion's days as instants: from the venue's midnight starting `startsAt` to the
 * one ending `endsAt` (America/Chicago, daylight saving included). The server reads it when it
 * creates a Checkout session; the pages carry it so the browser shows the banner only while it runs.
 */
import type { Span } from '../../../domain/calendar-spans';
import { addDays, venueMidnight } from '../../../domain/venue-calendar';
import type { Promotion } from './membership';
import { isPromotionRunning, type PromotionWindow } from './membership-pricing';

export function promotionWindow(promotion: Pick<Promotion, 'active' | 'startsAt' | 'endsAt'>): PromotionWindow {
  return {
    active: promotion.active,
    from: promotion.startsAt ? venueMidnight(promotion.startsAt).toISOString() : null,
    until: promotion.endsAt ? venueMidnight(addDays(promotion.endsAt, 1)).toISOString() : null,
  };
}

export function promotionRunning(promotion: Pick<Promotion, 'active' | 'startsAt' | 'endsAt'>, now: Date): boolean {
  return isPromotionRunning(promotionWindow(promotion), now);
}

/** When a page shows the promotion: its window, or never when it is switched off. */
export function promotionSpans(promotion: Pick<Promotion, 'active' | 'startsAt' | 'endsAt'>): Span[] {
  const { active, from, until } = promotionWindow(promotion);
  return active ? [{ from, until }] : [];
}
