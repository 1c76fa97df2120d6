/**
 * A weekly award's value (pure): a measurement in the award's units, one or two parts, each a number
 * and a unit ("4 ft 2 in", "312 yd", "2 skins"). Anything else is refused, so the standings never
 * print a typing slip as a winning distance.
 */
const PART = /(\d{1,4}(?:\.\d{1,2})?)\s*([a-z]+)/y;

/** The value written the one way the pages print it ("4ft 2in" → "4 ft 2 in"); null when it is not a measurement in `units`. */
export function measurement(value: string, units: readonly string[]): string | null {
  const text = value.trim().toLowerCase();
  const parts: string[] = [];
  let at = 0;
  while (at < text.length) {
    PART.lastIndex = at;
    const match = PART.exec(text);
    if (!match || !units.includes(match[2]!)) return null;
    parts.push(`${Number(match[1])} ${match[2]}`);
    at = PART.lastIndex;
    while (text[at] === ' ') at += 1;
  }
  return parts.length >= 1 && parts.length <= 2 ? parts.join(' ') : null;
}
