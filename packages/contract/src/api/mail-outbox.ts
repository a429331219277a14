import { idParams } from '../common.js';
import { mailOutboxListQuery, mailOutboxSchema } from '../entities/mail-outbox.js';
import { endpoints } from '../endpoint.js';
import { routes } from '../routes.js';

export const mailOutboxApi = endpoints('mail', routes.mailOutbox, {
  list: {
    summary: "The organisation's outgoing mails, newest first, and whether delivery is configured (org admins)",
    description:
      'Every mail the server sends is written to this outbox in the same transaction as the change that ' +
      'causes it and delivered by a background job, with retries. Bodies are not shown.',
    query: mailOutboxListQuery,
    response: mailOutboxSchema,
  },
  retry: {
    summary: 'Try a failed or waiting mail again now (org admins)',
    description: '400 when the mail was sent already.',
    params: idParams,
  },
});
