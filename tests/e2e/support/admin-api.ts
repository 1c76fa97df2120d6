import type { APIRequestContext } from '@playwright/test';
import { registrationsAnswer, type AdminRegistration } from '../../../src/features/league/contract/admin-league-registrations';

export const adminPassword = process.env['E2E_ADMIN_PASSWORD'] ?? 'e2e-admin-password';

/** Signs in to the admin API (a distinct client IP keeps this away from the lockout tests); answers the headers of later calls. */
async function signIn(request: APIRequestContext, baseURL: string): Promise<Record<string, string>> {
  const headers = { Origin: baseURL, 'X-Forwarded-For': '203.0.113.77' };
  const login = await request.post('/api/admin/auth/login', { data: { password: adminPassword }, headers });
  if (!login.ok()) throw new Error(`admin login failed: ${login.status()} ${await login.text()}`);
  return headers;
}

/** The addresses waiting to hear when league registration opens, as the staff's data export carries them. */
export async function noticeList(request: APIRequestContext, baseURL: string): Promise<string[]> {
  const headers = await signIn(request, baseURL);
  const file = await request.get('/api/admin/data-export', { headers });
  if (!file.ok()) throw new Error(`export failed: ${file.status()} ${await file.text()}`);
  return ((await file.json()) as { records: { leagueNoticeList: Array<{ email: string }> } }).records.leagueNoticeList.map((entry) => entry.email);
}

/** Lists the league registrations through the admin API. */
export async function listRegistrations(request: APIRequestContext, baseURL: string): Promise<AdminRegistration[]> {
  const headers = await signIn(request, baseURL);
  const list = await request.get('/api/admin/league-registrations', { headers });
  if (!list.ok()) throw new Error(`listing failed: ${list.status()} ${await list.text()}`);
  return registrationsAnswer.parse(await list.json());
}
