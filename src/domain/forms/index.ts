export * from './admin-login';
export * from './event-booking';
export * from './field-errors';
export * from './league-registration';
export * from './member-login';
