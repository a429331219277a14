import type { PerchClient } from '@perch/client';
import { Role } from '@perch/contract';
import type { TestServer } from './server.js';

export interface OtherOrganization {
  id: string;
  /** Signed in as the organisation's admin, when one was asked for. */
  admin: PerchClient | undefined;
}

/**
 * A second organisation, created by the super admin: optionally with an active domain and an
 * org admin (`adminEmail`, role 20) who is signed in — for tests of tenant isolation.
 */
export async function createOrganization(
  s: TestServer,
  o: { name?: string; language?: string; domain?: string; adminEmail?: string } = {},
): Promise<OtherOrganization> {
  const id = (
    await s.admin.post('/organization/', {
      name: o.name ?? 'Other',
      firstname: 'Ot',
      lastname: 'Her',
      email: 'o@o.example',
      language: o.language ?? 'en',
    })
  ).objectId!;
  if (o.domain) await s.admin.post(`/organization/${id}/domain/${o.domain}`);
  if (!o.adminEmail) return { id, admin: undefined };
  await s.createUser({ email: o.adminEmail, role: Role.OrgAdmin, organizationId: id });
  return { id, admin: await s.signIn(o.adminEmail, undefined, id) };
}
