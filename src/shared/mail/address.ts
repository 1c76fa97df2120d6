/**
 * Addresses and header text of outgoing mail (pure). Whatever a visitor typed may end up in a header
 * (a name in a subject, an address in To or Reply-To), so header text never carries a line break or
 * another control character (no header injection), and only a plain, well-formed address is ever
 * handed to SMTP.
 */

/** CR, LF and every other control character, which have no place in a header. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f\u2028\u2029]+/g;

/** Text made safe for a header: control characters (line breaks included) become one space, trimmed. */
export function headerText(value: string): string {
  return value.replace(CONTROL_CHARACTERS, ' ').replace(/\s{2,}/g, ' ').trim();
}

/**
 * A plain address `local@domain.tld`: no display name, no spaces, quotes, angle brackets, commas or
 * control characters (which would let one field name several recipients or a new header), at most
 * 254 characters, a domain of dot-separated labels with a top-level part.
 */
const PLAIN_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export function isPlainAddress(value: string): boolean {
  return value.length <= 254 && PLAIN_ADDRESS.test(value) && !value.startsWith('.') && !value.includes('..');
}

/** The plain addresses of a list ("a@x.com, b@y.com" or separated by semicolons/spaces); others are dropped. */
export function addressList(value: string | undefined): string[] {
  return [...new Set((value ?? '').split(/[\s,;]+/).filter(isPlainAddress))];
}
