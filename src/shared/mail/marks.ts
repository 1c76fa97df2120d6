/**
 * Marks in a queued message, for a script that decides part of it inside Redis (the bay a hold lands
 * on, the name and address of the request a quote answers): the message is written once with a mark
 * where that part goes, and the script writes a value over each mark (the outbox's queueMessage step).
 * The stored message is JSON, so each mark and value is given as it appears inside a JSON string.
 */

/** Text as it appears inside a JSON string (without the quotes). */
export const inJsonString = (text: string): string => JSON.stringify(text).slice(1, -1);

export function markFills(pairs: ReadonlyArray<readonly [mark: string, value: string]>): Array<[string, string]> {
  return pairs.map(([mark, value]) => [inJsonString(mark), inJsonString(value)]);
}
