// The admin password of a local run: ADMIN_PASSWORD when set; otherwise a generated one kept in
// .data/local-admin.json (mode 0600), created on the first run and reused afterwards, so a restart keeps
// it. The local runtime hands it to the functions as ADMIN_PASSWORD. Never deployed.
import { randomBytes, randomInt } from 'node:crypto';
import { chmod, link, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface AdminPassword {
  password: string;
  /** True when the password is the generated local one (so it may be printed), false when from ADMIN_PASSWORD. */
  generated: boolean;
}

export interface AdminPasswordOptions {
  env?: NodeJS.ProcessEnv;
  /** Where the generated password is kept (default `<project>/.data/local-admin.json`). */
  file?: string;
}

export const DEFAULT_ADMIN_FILE = fileURLToPath(new URL('../.data/local-admin.json', import.meta.url));

/** Letters and digits that cannot be confused with each other when read from a terminal. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Four groups of five characters, e.g. `k7mwq-2xhtd-p9ase-4nvcr` (about 99 bits). */
export function generatePassword(): string {
  const groups: string[] = [];
  for (let group = 0; group < 4; group += 1) {
    let text = '';
    for (let index = 0; index < 5; index += 1) text += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(text);
  }
  return groups.join('-');
}

async function readStored(file: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let password: unknown;
  try {
    password = (JSON.parse(text) as { password?: unknown }).password;
  } catch {
    password = undefined;
  }
  if (typeof password !== 'string' || password.length < 8) {
    throw new Error(`${file} does not hold a valid local admin password: delete it to generate a new one.`);
  }
  // Keep it private even if someone loosened the file's mode.
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
  return password;
}

/** Resolves the admin password of a local run (see the module comment). */
export async function getAdminPassword(options: AdminPasswordOptions = {}): Promise<AdminPassword> {
  const env = options.env ?? process.env;
  const fromEnv = env['ADMIN_PASSWORD'];
  if (fromEnv) return { password: fromEnv, generated: false };

  const file = options.file ?? DEFAULT_ADMIN_FILE;
  const stored = await readStored(file);
  if (stored) return { password: stored, generated: true };

  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const password = generatePassword();
  const body = `${JSON.stringify({ password, createdAt: new Date().toISOString() }, null, 2)}\n`;
  // Write a private temporary file, then link it into place: atomic, and never overwrites a password
  // another process created at the same moment (that one wins and is reused).
  const temporary = join(dirname(file), `.local-admin.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(temporary, body, { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readStored(file);
    if (winner) return { password: winner, generated: true };
    throw error;
  } finally {
    await rm(temporary, { force: true });
  }
  return { password, generated: true };
}
