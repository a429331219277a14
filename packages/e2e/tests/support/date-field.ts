import { expect, type Locator, type Page } from '@playwright/test';

/** The date formats of the `date_format` preference. */
export type DateFormat = 'Y-m-d' | 'd.m.Y' | 'm/d/Y' | 'd/m/Y';

/** `YYYY-MM-DD` written as a user with `format` writes dates: `15.03.2026`, `03/15/2026`. */
export function asTyped(date: string, format: DateFormat): string {
  const [y = '', m = '', d = ''] = date.split('-');
  return format.replace(/[Ymd]/g, (part) => (part === 'Y' ? y : part === 'm' ? m : d));
}

/** The calendar of the date field that has it open (one at a time). */
export const openCalendar = (page: Page) => page.locator('[data-dates-dropdown]:visible');

/** Types a date into a date field as a person does: selects what is there, types over it, closes the calendar. */
export async function typeDate(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(text);
  await field.press('Escape');
  await expect(openCalendar(field.page())).toHaveCount(0);
}

/**
 * Picks a day in a date field's calendar: opens it, moves from the month it shows (`shown`, a
 * `YYYY-MM-DD` of that month) to the day's month and clicks the day, named in the user's format.
 */
export async function pickDate(page: Page, field: Locator, date: string, shown: string, format: DateFormat) {
  await field.click();
  await expect(openCalendar(page)).toHaveCount(1);
  const months = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7));
  const steps = months(date) - months(shown);
  const step = page.getByRole('button', { name: steps > 0 ? 'Next month' : 'Previous month' });
  for (let i = 0; i < Math.abs(steps); i++) await step.click();
  const name = new RegExp(`, ${asTyped(date, format).replace(/[./]/g, '\\$&')}$`);
  await page.getByRole('button', { name }).click();
  await expect(field).toHaveValue(asTyped(date, format));
  await expect(openCalendar(page)).toHaveCount(0);
}
