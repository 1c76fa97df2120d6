/**
 * The one way the site prints money. Amounts are dollars everywhere a person reads them; Stripe and
 * the stored records keep cents, converted with `centsToDollars`.
 */
import { onFirstUse } from './on-first-use';

const wholeOrCents = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 }));
const alwaysCents = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }));

export interface MoneyStyle {
  /** Always print cents ("$700.00", as receipts and staff lists do); otherwise only when there are any ("$700", "$12.99"). */
  cents?: boolean;
}

/** 1188 → "$1,188", 12.5 → "$12.50", 12.99 → "$12.99"; with `{ cents: true }` 700 → "$700.00". */
export function formatMoney(dollars: number, style: MoneyStyle = {}): string {
  if (style.cents) return alwaysCents().format(dollars);
  return Number.isInteger(dollars) ? wholeOrCents().format(dollars) : alwaysCents().format(dollars);
}

/** Stripe amounts are whole cents: 70000 → 700. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Dollars as Stripe's whole cents: 700 → 70000, 12.99 → 1299. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** "$3.49-$15.99" for a set of prices; one price when they are all the same. */
export function formatMoneyRange(amounts: readonly number[]): string {
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  return low === high ? formatMoney(low) : `${formatMoney(low)}-${formatMoney(high)}`;
}

/** Stripe cents as dollars with cents: 70000 → "$700.00". */
export function formatCents(cents: number): string {
  return formatMoney(centsToDollars(cents), { cents: true });
}
