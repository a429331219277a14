import { routes } from '@perch/contract/values';
import { expect, test } from '@playwright/test';
import {
  adminClient,
  areaDate,
  createArea,
  createPerson,
  floorPlan,
  searchUrl,
  signInAs,
  unique,
} from './support/booking-helpers';

test.describe('approvals', () => {
  test('a booking on an approval space waits, the approver approves it, and the user sees it confirmed', async ({
    browser,
  }) => {
    const admin = await adminClient();
    const area = await createArea(admin, ['Focus Room']);
    const approver = await createPerson(admin, 10, 'Approver');
    const user = await createPerson(admin, 0, 'Requester');
    const { id: groupId } = await admin.call(routes.group.create, { body: { name: unique('Approvers') } });
    await admin.call(routes.group.addMembers, { params: { id: groupId }, body: [approver.id] });
    await admin.call(routes.space.addApprovers, {
      params: { locationId: area.id, id: area.spaces['Focus Room'] },
      body: [groupId],
    });
    const day = areaDate(3);

    const userPage = await (await browser.newContext()).newPage();
    await signInAs(userPage, user);
    await userPage.goto(searchUrl(area, `${day}T10:00`, `${day}T12:00`));
    await floorPlan(userPage).getByRole('button', { name: 'Focus Room — Available, needs approval' }).click();
    await expect(userPage.getByText("Bookings of this space need an approver's confirmation.")).toBeVisible();
    const dialog = userPage.getByRole('dialog', { name: 'Focus Room' });
    await dialog.getByRole('button', { name: 'Book this space' }).click();
    await expect(dialog.getByText('Your booking needs to be confirmed first.')).toBeVisible();
    await userPage.goto('/ui/bookings');
    await expect(userPage.getByText('Waiting for approval')).toBeVisible();

    const approverPage = await (await browser.newContext()).newPage();
    await signInAs(approverPage, approver);
    const nav = approverPage.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByLabel('Waiting for approval: 1')).toBeVisible();
    await nav.getByRole('link', { name: /Approvals/ }).click();
    await expect(approverPage.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
    await approverPage.getByRole('button', { name: /^Approve the booking of Requester Tester for Focus Room/ }).click();
    await expect(approverPage.getByText('The booking was approved.')).toBeVisible();
    await expect(approverPage.getByRole('heading', { name: 'Nothing to approve' })).toBeVisible();
    await expect(nav.getByLabel(/Waiting for approval/)).toHaveCount(0);

    await userPage.reload();
    await expect(userPage.getByRole('button', { name: /^Cancel booking of Focus Room/ })).toBeVisible();
    await expect(userPage.getByText('Waiting for approval')).toHaveCount(0);
  });
});
