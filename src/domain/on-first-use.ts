/**
 * A value made when first asked for, then kept. For Intl formatters above all: the first one a
 * process makes sets up the locale and time-zone data (10-50 ms), which a module must not spend when
 * it loads, since most of its importers (a function answering without printing a date) never format.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
