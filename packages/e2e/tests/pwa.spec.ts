import { expect, test } from '@playwright/test';
import { expectSignedInLayout, signInThroughUi } from './support/sign-in';

test.describe('installed app', () => {
  test.use({ serviceWorkers: 'allow' });

  test('is installable and opens without a connection, keeping the user signed in', async ({ page, context }) => {
    const manifest = await page.request.get('/ui/manifest.webmanifest');
    expect(manifest.ok()).toBe(true);
    const body = (await manifest.json()) as { start_url: string; display: string; icons: { sizes: string }[] };
    expect(body.display).toBe('standalone');
    expect(body.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    const worker = await page.request.get('/ui/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    const shell = await (await page.request.get('/ui/')).text();
    const script = /src="(\/ui\/assets\/[^"]+\.js)"/.exec(shell)?.[1];
    expect(script).toBeTruthy();
    expect((await page.request.get(script!)).headers()['cache-control']).toContain('immutable');

    await signInThroughUi(page);
    await expectSignedInLayout(page);
    // The service worker takes over and keeps the app's files.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Book a space' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: "Perch can't be reached" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('perch.refreshToken'))).toBeTruthy();

    // Back online, the app tries again by itself (the "Try again" button is covered in session.spec.ts).
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Book a space' })).toBeVisible({ timeout: 20_000 });
    await expectSignedInLayout(page);
  });
});
