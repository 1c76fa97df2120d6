// What every Stripe object of the emulator shares.
export type Metadata = Record<string, string>;
