// JavaScript budgets of single pages (gzip bytes of every script they load, inline ones included),
// checked by their end-to-end specs and printed by `npm run bench:islands`.

/** /events/quote: the customer's quote needs one button, no framework. */
export const QUOTE_PAGE_JS_GZIP_BYTES = 30 * 1024;

/** /league/standings: a sortable table filled from one answer, no framework. */
export const STANDINGS_PAGE_JS_GZIP_BYTES = 10 * 1024;

/** /gift-cards: the order form's island, React included. */
export const GIFT_CARDS_PAGE_JS_GZIP_BYTES = 80 * 1024;

/** /gift-cards/balance: one form and a table, no framework. */
export const BALANCE_PAGE_JS_GZIP_BYTES = 10 * 1024;
