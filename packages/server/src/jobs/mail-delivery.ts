import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import type { MailObserver } from '../http/app-types.js';
import { startPolling } from '../lib/background-queue.js';
import { deliverDueMails, type MailSender } from '../messaging/mail/index.js';

/**
 * Runs the delivery loop every `pollSeconds` until stopped. A round that fails (the database
 * is down) is logged and the next round tries again. Returns a function that stops the loop.
 */
export function startMailDelivery(
  db: Db,
  sender: MailSender,
  config: Pick<Config, 'MAIL_RETRY_HOURS' | 'MAIL_POLL_SECONDS'>,
  log: FastifyBaseLogger,
  observer?: MailObserver,
): () => void {
  const stop = startPolling(
    () => deliverDueMails(db, sender, config, log, observer),
    config.MAIL_POLL_SECONDS,
    (err) => log.error({ err }, 'mail delivery round failed'),
  );
  return () => {
    stop();
    sender.close();
  };
}
