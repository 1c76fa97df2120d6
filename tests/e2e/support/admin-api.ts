import type { APIRequestContext } from '@playwright/test';
import { registrationsAnswer, type AdminRegistration } from '../../../src/domain/api/admin-league-registrations';

export const adminPassword = process.env['E2E_ADMIN_PASSWORD'] ?? 'e2e-admin-password';

/** Signs in to the admin API (a distinct client IP keeps this away from the lockout tests) and lists registrations. */
export async function listRegistrations(request: APIRequestContext, baseURL: string): Promise<AdminRegistration[]> {
  const headers = { Origin: baseURL, 'X-Forwarded-For': '203.0.113.77' };
  const login = await request.post('/api/admin/auth/login', { data: { password: adminPassword }, headers });
  if (!login.ok()) throw new Error(`admin login failed: ${login.status()} ${await login.text()}`);
  const list = await request.get('/api/admin/league-registrations', { headers });
  if (!list.ok()) throw new Error(`listing failed: ${list.status()} ${await list.text()}`);
  return registrationsAnswer.parse(await list.json());
}
