import { mkdtemp, readFile, rm, stat, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generatePassword, getAdminPassword } from './admin-password';

describe('getAdminPassword', () => {
  let dir: string;
  let file: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'admin-password-'));
    file = join(dir, '.data', 'local-admin.json');
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('honours ADMIN_PASSWORD and writes nothing', async () => {
    const result = await getAdminPassword({ env: { ADMIN_PASSWORD: 'from-the-env' }, file });
    expect(result).toEqual({ password: 'from-the-env', generated: false });
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('generates a password once, stores it privately, and reuses it', async () => {
    const first = await getAdminPassword({ env: {}, file });
    expect(first.generated).toBe(true);
    expect(first.password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ password: first.password });

    const second = await getAdminPassword({ env: {}, file });
    expect(second).toEqual({ password: first.password, generated: true });
  });

  it('an empty ADMIN_PASSWORD counts as unset', async () => {
    const result = await getAdminPassword({ env: { ADMIN_PASSWORD: '' }, file });
    expect(result.generated).toBe(true);
  });

  it('ADMIN_PASSWORD wins over a stored password', async () => {
    await getAdminPassword({ env: {}, file });
    expect(await getAdminPassword({ env: { ADMIN_PASSWORD: 'override-1' }, file })).toEqual({ password: 'override-1', generated: false });
  });

  it('concurrent first runs agree on one password', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => getAdminPassword({ env: {}, file })));
    expect(new Set(results.map((result) => result.password)).size).toBe(1);
  });

  it('tightens a loosened file mode', async () => {
    const { password } = await getAdminPassword({ env: {}, file });
    await chmod(file, 0o644);
    expect((await getAdminPassword({ env: {}, file })).password).toBe(password);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('refuses a corrupt file with a clear message', async () => {
    await getAdminPassword({ env: {}, file });
    await writeFile(file, '{"password": 1}');
    await expect(getAdminPassword({ env: {}, file })).rejects.toThrow(/delete it to generate a new one/);
  });

  it('generates different passwords', () => {
    expect(generatePassword()).not.toBe(generatePassword());
  });
});
