import type { OrganizationSave } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/use-api-client';
import { adminKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';

/** Every organisation on the server (super admins). */
export function useOrganizations() {
  return useApiQuery(adminKeys.organizationList, (client) => client.call(routes.organization.list));
}

export function useOrganization(id: string) {
  return useApiQuery(adminKeys.organization(id), (client) => client.call(routes.organization.get, { params: { id } }));
}

export interface OrganizationSaved {
  id: string;
  /**
   * Names the pending change of the contact email when an org admin changed it: the address
   * stays as it was until the code mailed to the new one is entered. Empty otherwise.
   */
  verifyUuid: string;
}

/** Creates (no id) or changes an organisation. */
export function useSaveOrganization() {
  return useApiMutation(
    async (
      client,
      {
        id,
        body,
      }: {
        id: string | undefined;
        body: OrganizationSave;
      },
    ): Promise<OrganizationSaved> => {
      if (!id) return { id: (await client.call(routes.organization.create, { body })).id, verifyUuid: '' };
      const { verifyUuid } = await client.call(routes.organization.update, { params: { id }, body });
      return { id, verifyUuid };
    },
    (queryClient) => queryClient.invalidateQueries({ queryKey: adminKeys.organizations }),
  );
}

/** Confirms a new contact email with the six-digit code mailed to it. */
export function useVerifyOrganizationEmail(id: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, code }: { uuid: string; code: string }) =>
      client.call(routes.organization.verifyEmail, { params: { id, uuid }, body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.organizations }),
  });
}

/**
 * Asks to delete an organisation. Nothing is deleted yet: the server mails a confirmation link
 * to the caller and answers with the code the page behind the link asks for.
 */
export function useRequestOrganizationDeletion() {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (id: string): Promise<string> =>
      (await client.call(routes.organization.delete, { params: { id } })).code,
  });
}

/** The page behind the confirmation link: deletes the organisation for good. */
export function useConfirmOrganizationDeletion() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stateId, code }: { stateId: string; code: string }) =>
      client.call(routes.organization.confirmDeletion, { params: { id: stateId }, body: { code } }),
    onSuccess: () => {
      // Which organisation went is not known here: forget them all.
      queryClient.removeQueries({ queryKey: adminKeys.organizations });
    },
  });
}

export function useDomains(orgId: string) {
  return useApiQuery(adminKeys.domains(orgId), (client) =>
    client.call(routes.organization.domains, { params: { id: orgId } }),
  );
}

/** Domain changes: each refetches the organisation's domains afterwards, whatever the outcome. */
function useDomainMutation<T>(orgId: string, run: (domain: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.domains(orgId) }),
  });
}

export function useAddDomain(orgId: string) {
  const client = useApiClient();
  return useDomainMutation(orgId, async (domain) => {
    await client.call(routes.organization.addDomain, { params: { id: orgId, domain } });
  });
}

/** `activated` (204) or `alreadyActive` (200). */
export function useVerifyDomain(orgId: string) {
  const client = useApiClient();
  return useDomainMutation(orgId, async (domain): Promise<'activated' | 'alreadyActive'> => {
    const res = await client.callResponse(routes.organization.verifyDomain, { params: { id: orgId, domain } });
    return res.status === 200 ? 'alreadyActive' : 'activated';
  });
}

export function useSetPrimaryDomain(orgId: string) {
  const client = useApiClient();
  return useDomainMutation(orgId, (domain) =>
    client.call(routes.organization.setPrimaryDomain, { params: { id: orgId, domain } }),
  );
}

export function useRemoveDomain(orgId: string) {
  const client = useApiClient();
  return useDomainMutation(orgId, (domain) =>
    client.call(routes.organization.removeDomain, { params: { id: orgId, domain } }),
  );
}
