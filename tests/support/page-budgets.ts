// JavaScript budgets of single pages (gzip bytes of every script they load, inline ones included),
// checked by their end-to-end specs and printed by `npm run bench:islands`.

/** /events/quote: the customer's quote needs one button, no framework. */
export const QUOTE_PAGE_JS_GZIP_BYTES = 30 * 1024;
