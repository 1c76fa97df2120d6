/**
 * Gift card codes (pure): 16 characters from an alphabet without look-alikes (no 0, O, 1 or I), 15 drawn
 * from a cryptographic random source and a check character last, shown in groups of four
 * (XXXX-XXXX-XXXX-XXXX). The check character (Luhn mod 32) catches every single mistyped character and
 * almost every swap of two neighbours, and refuses 31 of 32 made-up codes before the store is asked.
 * 15 random characters of 32 carry 75 bits: too many to guess, even without the balance page's limit.
 */

/** The alphabet: 32 characters (a power of two, so a random byte's low five bits pick one without bias). */
export const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CODE_LENGTH = 16;
const GROUP = 4;

/** The check character of `body` (Luhn mod 32 over the alphabet's indexes). */
export function checkCharacter(body: string): string {
  const n = ALPHABET.length;
  let factor = 2;
  let sum = 0;
  for (let index = body.length - 1; index >= 0; index--) {
    const value = ALPHABET.indexOf(body[index]!);
    if (value < 0) throw new Error(`"${body[index]}" is not a code character`);
    const product = factor * value;
    sum += Math.floor(product / n) + (product % n);
    factor = factor === 2 ? 1 : 2;
  }
  return ALPHABET[(n - (sum % n)) % n]!;
}

/** A new code, ungrouped: 15 random characters and the check character. */
export function generateCode(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(CODE_LENGTH - 1));
  const body = Array.from(bytes, (byte) => ALPHABET[byte & (ALPHABET.length - 1)]).join('');
  return body + checkCharacter(body);
}

/** What a person typed as the code's 16 characters (case, spaces and dashes ignored); null when it cannot be a code. */
export function normalizeCode(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '');
  if (compact.length !== CODE_LENGTH) return null;
  for (const character of compact) if (!ALPHABET.includes(character)) return null;
  return compact;
}

/** True when `typed` is a code whose check character is right. */
export function isValidCode(typed: string): boolean {
  const code = normalizeCode(typed);
  return code !== null && checkCharacter(code.slice(0, -1)) === code.slice(-1);
}

/** 'ABCDEFGHJKLMNPQR' → 'ABCD-EFGH-JKLM-NPQR'. */
export function groupCode(code: string): string {
  const groups: string[] = [];
  for (let at = 0; at < code.length; at += GROUP) groups.push(code.slice(at, at + GROUP));
  return groups.join('-');
}

/** The last group, enough for staff and receipts to tell cards apart without giving the code away. */
export const codeHint = (code: string) => code.slice(-GROUP);
