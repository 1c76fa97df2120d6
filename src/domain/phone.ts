/** Phone links (zod-free, so islands that print the venue's phone ship no schema). */

/** The phone number as a tel: link target ("+16085550100"). */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}
