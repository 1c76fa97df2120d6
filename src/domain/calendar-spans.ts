/**
 * Stretches of time a static page shows something for (a registration state, a promotion's banner),
 * written into the page as `data-when="from/until …"`: ISO instants, either side empty when
 * unbounded, several spans apart by spaces, empty for never. The page's script
 * (src/components/sections/CalendarWindows.astro) applies the rule of `holdsAt` at the visitor's
 * clock; the build applies it at its own, so a page without script shows the day it was built.
 */
export interface Span {
  /** From this instant (ISO); null: since ever. */
  from: string | null;
  /** Until this instant (ISO), excluded; null: for ever. */
  until: string | null;
}

/** The attribute's text. */
export function whenText(spans: readonly Span[]): string {
  return spans.map((span) => `${span.from ?? ''}/${span.until ?? ''}`).join(' ');
}

/** Whether one of the spans holds at `now`. */
export function holdsAt(spans: readonly Span[], now: Date): boolean {
  const at = now.getTime();
  return spans.some((span) => (span.from === null || Date.parse(span.from) <= at) && (span.until === null || at < Date.parse(span.until)));
}

/** The attributes of an element shown during `spans`: its `data-when`, and hidden unless a span holds at `now` (the build's clock). */
export function whenAttributes(spans: readonly Span[], now: Date): { 'data-when': string; hidden: boolean } {
  return { 'data-when': whenText(spans), hidden: !holdsAt(spans, now) };
}
