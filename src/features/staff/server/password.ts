/**
 * Admin password hashing with scrypt (node:crypto). Stored format, one line, safe in an env var:
 *   scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>
 * `npm run admin:hash` prints it for a new password (dev/admin-hash.ts).
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function memoryFor({ N, r, p }: ScryptParams): number {
  return 128 * N * r * p + 128 * r * 8 + 1024 * 1024;
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...params, maxmem: memoryFor(params) });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export interface ParsedHash extends ScryptParams {
  salt: Buffer;
  key: Buffer;
}

/** Parses a stored hash; null when the text is not in the expected format. */
export function parsePasswordHash(encoded: string): ParsedHash | null {
  const parts = encoded.trim().split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const valid = (value: number) => Number.isInteger(value) && value > 0;
  if (!valid(N) || !valid(r) || !valid(p) || (N & (N - 1)) !== 0 || N > 2 ** 20 || r > 32 || p > 16) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length < 8 || key.length < 16) return null;
  return { N, r, p, salt, key };
}

/** Whether `password` matches the stored hash, in constant time over the derived key. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parsePasswordHash(encoded);
  if (!parsed) throw new Error('ADMIN_PASSWORD_HASH is not in the format scrypt$N$r$p$salt$hash (run npm run admin:hash).');
  const derived = await scrypt(password, parsed.salt, parsed.key.length, {
    N: parsed.N,
    r: parsed.r,
    p: parsed.p,
    maxmem: memoryFor(parsed),
  });
  return timingSafeEqual(derived, parsed.key);
}
