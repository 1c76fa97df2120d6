/** Memberships: the catalogue's schema and types, and the pricing rules read from it. */
export * from './membership-schema';
export * from './membership-pricing';
