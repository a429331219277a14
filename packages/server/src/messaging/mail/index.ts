/**
 * The mail feature's face: what the rest of the server may use of it. Everything else in
 * this folder (storage, presenters, internals) is private to it; the fence test
 * (packages/server/src/fences.unit.test.ts) keeps it so.
 */
export { deliverDueMails, smtpRequiresTls, smtpSender, type MailSender } from './delivery.js';
export { mailDateTimeFormat } from './mail-dates.js';
export { queueMail } from './outbox.js';
export { deleteSentMailsBefore, type MailAttachment } from './repo.js';
export { mailRoutes } from './routes.js';
export { mailCatalogue, mailLanguage, type MailKind } from './templates.js';
export { findReader, readersOf, type MailReader } from './readers.js';
