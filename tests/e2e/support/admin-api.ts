import type { APIRequestContext } from '@playwright/test';

export const adminPassword = process.env['E2E_ADMIN_PASSWORD'] ?? 'e2e-admin-password';

export interface StoredRegistration {
  id: string;
  teamName: string;
  player1: string;
  player2: string;
  teeTime: string;
  sessions: string[];
  amount: string;
  paymentStatus: string;
}

/** Signs in to the admin API (a distinct client IP keeps this away from the lockout tests) and lists registrations. */
export async function listRegistrations(request: APIRequestContext, baseURL: string): Promise<StoredRegistration[]> {
  const headers = { Origin: baseURL, 'X-Forwarded-For': '203.0.113.77' };
  const login = await request.post('/api/admin/auth/login', { data: { password: adminPassword }, headers });
  if (!login.ok()) throw new Error(`admin login failed: ${login.status()} ${await login.text()}`);
  const list = await request.get('/api/admin/league-registrations', { headers });
  if (!list.ok()) throw new Error(`listing failed: ${list.status()} ${await list.text()}`);
  const body = (await list.json()) as StoredRegistration[] | { registrations: StoredRegistration[] };
  return Array.isArray(body) ? body : body.registrations;
}
