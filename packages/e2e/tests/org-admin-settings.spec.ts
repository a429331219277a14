import { ApiError, login, PerchClient, singleOrg } from '@perch/client';
import { routes } from '@perch/contract/values';
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { adminClient, createAreaWithSpaces, createUser, saveSettings, settingValue, unique } from './support/api';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';

const ZONE = 'Europe/Berlin';

/** The wall-clock day `days` from today in the area's zone, `YYYY-MM-DD`. */
function dayFromToday(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

test('an admin lowers the days in advance on the settings screen; a booking beyond them is refused', async ({
  page,
  browser,
}) => {
  const admin = await adminClient();
  const before = await settingValue(admin, 'max_days_in_advance');
  const {
    id: areaId,
    spaceIds: [spaceId],
  } = await createAreaWithSpaces(admin, { name: unique('Advance floor'), timezone: ZONE }, [
    { name: 'Desk 1', x: 40, y: 40, width: 120, height: 80 },
  ]);
  const email = `${unique('advance').replace(/\s+/g, '.').toLowerCase()}@perch.local`;
  const person = await createUser(admin, { firstname: 'Ada', lastname: 'Ahead' }, email);

  try {
    await signInThroughUi(page);
    await expectSignedInLayout(page);
    await page.goto('/ui/admin');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    const days = page.getByRole('textbox', { name: 'Days in advance' });
    await days.fill('100000');
    await expect(page.getByRole('alert').filter({ hasText: 'Enter a whole number from 0 to 9999.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    await days.fill('3');
    await expect(page.getByText('Unsaved changes: 1')).toBeVisible();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('The settings were saved.')).toBeVisible();
    await expect(page.getByText('All changes are saved.')).toBeVisible();
    expect(await settingValue(admin, 'max_days_in_advance')).toBe('3');

    // Through the API: the booking six days ahead is refused with code 1004.
    const client = new PerchClient({ baseUrl: baseURL });
    const { organization } = await singleOrg(client);
    await login(client, { email: person.email, password: person.password, organizationId: organization.id });
    const day = dayFromToday(6);
    const refused = await client
      .call(routes.booking.create, { body: { spaceId, enter: `${day}T09:00:00Z`, leave: `${day}T17:00:00Z` } })
      .then(() => null)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).appCode).toBe(1004);

    // Through the booking screen: the person is told why, with the new number.
    const context = await browser.newContext();
    const userPage = await context.newPage();
    await signInThroughUi(userPage, person.email, person.password);
    await expectSignedInLayout(userPage);
    await userPage.goto(`/ui/search?lid=${areaId}&enter=${day}T09:00&leave=${day}T17:00`);
    await expect(userPage.getByText('Your booking must not be more than 3 days in advance.')).toBeVisible();
    await context.close();
  } finally {
    await saveSettings(admin, [{ name: 'max_days_in_advance', value: before }]);
  }
});

test('a custom logo saved on the settings screen shows in the header at once', async ({ page }) => {
  const admin = await adminClient();
  const before = await settingValue(admin, 'custom_logo_url');
  const organization = (await singleOrg(admin)).organization.name;
  try {
    await signInThroughUi(page);
    await expectSignedInLayout(page);
    await page.goto('/ui/admin/settings');
    await page.getByRole('textbox', { name: 'Logo address' }).fill('logo.png');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Enter a full address starting with https://.' }),
    ).toBeVisible();
    // A plain-http address is refused before any call: the app only loads logos over https.
    await page.getByRole('textbox', { name: 'Logo address' }).fill(`${baseURL}/ui/favicon.svg`);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Enter a full address starting with https://.' }),
    ).toBeVisible();
    // The organisation's image host: the browser fetches it over https, answered here with our own icon.
    const icon = await (await page.request.get('/ui/favicon.svg')).body();
    await page.route('https://images.example.org/**', (route) =>
      route.fulfill({ status: 200, contentType: 'image/svg+xml', body: icon }),
    );
    await page.getByRole('textbox', { name: 'Logo address' }).fill('https://images.example.org/logo.svg');
    await expect(page.getByRole('group', { name: 'Preview' }).getByRole('img', { name: organization })).toBeVisible();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('The settings were saved.')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('img', { name: organization })).toBeVisible();
  } finally {
    await saveSettings(admin, [{ name: 'custom_logo_url', value: before }]);
  }
});
