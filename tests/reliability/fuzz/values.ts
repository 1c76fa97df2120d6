// The raw material of the fuzz: values of the wrong type, unusual text, huge strings, extra fields.

/** Every JSON type but a string (and a few shapes of each). */
export const WRONG_TYPES: readonly unknown[] = [42, -1.5, 0, true, false, null, [], ['x'], {}, { value: 'x' }];

/** Unusual text: direction overrides, zero-width characters, emoji, lone surrogates, NUL, markup, injections. */
export const ODD_TEXT: readonly string[] = [
  '\u202Eevil\u202C',
  'Jo\u200Bhn\u200D',
  '\u200B\u200B\u200B',
  '\uFEFFbom',
  '⛳🏌️‍♀️👨‍👩‍👧‍👦',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDFFF\u{10FFFF}',
  'A\u0000B',
  '\u0000',
  'Z̵̡̛̖a̷̢͎l̸g̶o̵',
  'مرحبا بالعالم',
  'こんにちは',
  '\r\n\t\u000b\u000c',
  '<script>alert(1)</script>',
  "Robert'); DROP TABLE bookings;--",
  '${7*7}{{7*7}}<%= 7*7 %>',
  '../../../etc/passwd',
  '%00%0a%0d',
  '\\"\'`',
  '   ',
  'x'.repeat(150),
];

/** A string far above every body limit of the API (all are 32 KB or less). */
export const HUGE = 'A'.repeat(100 * 1024);

/** Unknown fields, including ones that look like stored fields or prototype keys. */
export const EXTRA_FIELDS: ReadonlyArray<[string, unknown]> = [
  ['__proto__', { isAdmin: true }],
  ['constructor', { prototype: { isAdmin: true } }],
  ['paymentStatus', 'completed'],
  ['amount', 1],
  ['id', 'injected-id'],
  ['isAdmin', true],
  ['role', 'admin'],
  ['submittedAt', '1999-01-01T00:00:00.000Z'],
  ['checkoutSessionId', 'cs_injected'],
  ['k'.repeat(1000), 'long key'],
  ['\u202E\u0000key', '\uD800'],
  ['nested', { a: [{ b: [{ c: null }] }] }],
];

/** JSON that is not an object: every object endpoint refuses it. */
export const NON_OBJECT_BODIES: readonly string[] = ['null', '[]', '[{}]', '"text"', '42', 'true', '{}'];
