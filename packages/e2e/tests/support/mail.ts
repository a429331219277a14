import { expect } from '@playwright/test';
import { MAIL_API } from '../../playwright.config';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

/** Every mail to `to` so far, oldest first. */
export async function mailsTo(to: string): Promise<CaughtMail[]> {
  return (await (await fetch(`${MAIL_API}/mails?to=${encodeURIComponent(to)}`)).json()) as CaughtMail[];
}

/** Waits for the `count`-th mail to `to` at the journeys' mail server and returns it. */
export async function waitForMail(to: string, count = 1): Promise<CaughtMail> {
  let mails: CaughtMail[] = [];
  await expect
    .poll(
      async () => {
        mails = await mailsTo(to);
        return mails.length;
      },
      { timeout: 20_000, message: `a mail to ${to}` },
    )
    .toBeGreaterThanOrEqual(count);
  return mails[count - 1]!;
}

/** The first address of the app in a mail's text. */
export function linkIn(mail: CaughtMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in the mail "${mail.subject}"`);
  return link;
}
