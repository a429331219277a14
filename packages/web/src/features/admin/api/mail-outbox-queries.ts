import type { MailOutbox, MailStatus } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { keepPreviousData } from '@tanstack/react-query';
import { adminKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';

/** Mails a page of the outbox shows (the API takes 1–100 a page). */
export const MAIL_PAGE_SIZE = 50;
/** While mails wait or are being sent, the page looks again this often (ms). */
const REFRESH_WHILE_BUSY_MS = 15_000;

const busy = (outbox: MailOutbox | undefined) =>
  outbox !== undefined && outbox.deliveryConfigured && outbox.counts.waiting + outbox.counts.sending > 0;

/** One page of the organisation's outbox, newest first, optionally of one status. */
export function useMailOutbox(status: MailStatus | undefined, page: number) {
  const offset = page * MAIL_PAGE_SIZE;
  return useApiQuery(
    adminKeys.mailPage(status ?? '', offset),
    (client) => client.call(routes.mailOutbox.list, { query: { status, limit: MAIL_PAGE_SIZE, offset } }),
    {
      placeholderData: keepPreviousData,
      // The background job changes the outbox while it is read.
      staleTime: 0,
      refetchInterval: (query) => (busy(query.state.data) ? REFRESH_WHILE_BUSY_MS : false),
    },
  );
}

export interface MailDelivery {
  configured: boolean;
  waiting: number;
}

/** Whether this server delivers mail (SMTP configured) and how many mails wait; for warnings elsewhere. */
export function useMailDelivery(enabled = true) {
  return useApiQuery(
    adminKeys.mailDelivery,
    async (client): Promise<MailDelivery> => {
      const outbox = await client.call(routes.mailOutbox.list, { query: { limit: 1 } });
      return { configured: outbox.deliveryConfigured, waiting: outbox.counts.waiting };
    },
    {
      enabled,
    },
  );
}

/** Tries a waiting or failed mail again now. */
export function useRetryMail() {
  return useApiMutation(
    (client, id: string) => client.call(routes.mailOutbox.retry, { params: { id } }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: adminKeys.mail }),
  );
}
