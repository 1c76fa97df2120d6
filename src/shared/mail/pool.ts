/**
 * How many messages go to the mail server at once, as SMTP connections kept open (transport.ts):
 * - a function sending right after its answer has a few messages: five connections, as many as its
 *   busiest moments use (ten cost a booking's function about 1 ms more CPU under load, measured);
 * - a scheduled run sends that many messages side by side (deliver.ts): ten, which transactional
 *   providers accept, so a server taking 2 s a message still gets 80 within a run's budget.
 */
export const ANSWER_SMTP_CONNECTIONS = 5;
export const RUN_SMTP_CONNECTIONS = 10;
