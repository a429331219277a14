import { login, PerchClient } from '@perch/client';
import type { Preflight } from '@perch/contract';

export interface Seeded {
  accessTokens: string[];
  refreshTokens: string[];
}

/** Creates `n` users through the API and signs each in twice (one session for each scenario). */
export async function seedUsers(url: string, n: number): Promise<Seeded> {
  const orgId = ((await (await fetch(`${url}/auth/singleorg`)).json()) as Preflight).organization.id;
  const admin = new PerchClient({ baseUrl: url });
  await login(admin, { email: 'admin@bench.local', password: 'Bench!pass1', organizationId: orgId });
  const accessTokens: string[] = [];
  const refreshTokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const email = `user${i}@bench.local`;
    const id = (await admin.post('/user/', { email, role: 0, firstname: 'Bench', lastname: `User ${i}` })).objectId!;
    await admin.put(`/user/${id}/password`, { password: 'Bench!pass1' });
    // An admin-set password must be changed at first sign-in.
    const res = await fetch(`${url}/auth/updatepw`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Bench!pass1', newPassword: 'Bench!pass2', organizationId: orgId }),
    });
    const first = (await res.json()) as { accessToken: string; refreshToken: string };
    accessTokens.push(first.accessToken);
    const c = new PerchClient({ baseUrl: url });
    const second = await login(c, { email, password: 'Bench!pass2', organizationId: orgId });
    refreshTokens.push(second.refreshToken, first.refreshToken);
  }
  return { accessTokens, refreshTokens };
}
