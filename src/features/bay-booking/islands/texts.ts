/**
 * What more than one /book island module says when a call to the server fails (the server's own
 * words win where it gives them). A text one module alone says stays in that module, so that a page
 * does not load the others' texts.
 */
export const LOAD_ERROR = 'We could not load free times. Please try again, or call us to book.';
export const CONNECTION_ERROR = 'Please check your connection and try again.';
