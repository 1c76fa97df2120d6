/** Where a customer reads their event quote: the page addressed by the request id and its signed token. */
export const QUOTE_PAGE_PATH = '/events/quote';

export const quotePageUrl = (origin: string, id: string, token: string) => `${origin}${QUOTE_PAGE_PATH}?${new URLSearchParams({ quote: id, token }).toString()}`;

/** The quote a page's query names, or null. */
export function quoteLinkOf(search: string): { id: string; token: string } | null {
  const query = new URLSearchParams(search);
  const id = query.get('quote')?.trim();
  const token = query.get('token')?.trim();
  return id && token ? { id, token } : null;
}
