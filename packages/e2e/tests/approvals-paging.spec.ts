import { routes } from '@perch/contract/values';
import { expect, test } from '@playwright/test';
import {
  adminClient,
  areaDate,
  book,
  clientFor,
  createArea,
  createPerson,
  signInAs,
  unique,
  withSettings,
} from './support/booking-helpers';

test.describe('approvals, many waiting', () => {
  test('the list shows a page at a time, says how many wait, and shows more on request', async ({ page }) => {
    const admin = await adminClient();
    const desks = ['Quiet 1', 'Quiet 2', 'Quiet 3', 'Quiet 4', 'Quiet 5'];
    const area = await createArea(admin, desks);
    const approver = await createPerson(admin, 10, 'Approver');
    const requester = await createPerson(admin, 0, 'Requester');
    const { id: groupId } = await admin.call(routes.group.create, { body: { name: unique('Approvers') } });
    await admin.call(routes.group.addMembers, { params: { id: groupId }, body: [approver.id] });
    for (const desk of desks)
      await admin.call(routes.space.addApprovers, {
        params: { locationId: area.id, id: area.spaces[desk]! },
        body: [groupId],
      });
    const restore = await withSettings(admin, { max_bookings_per_user: '100' });
    try {
      // 55 requests: five desks, eleven hours of one day.
      const asRequester = await clientFor(requester);
      const day = areaDate(2);
      for (let hour = 7; hour < 18; hour++)
        for (const desk of desks)
          await book(asRequester, {
            spaceId: area.spaces[desk]!,
            enter: `${day}T${String(hour).padStart(2, '0')}:00:00Z`,
            leave: `${day}T${String(hour).padStart(2, '0')}:45:00Z`,
          });

      await signInAs(page, approver);
      await page.goto('/ui/approvals');
      const approveButtons = page.getByRole('button', { name: /^Approve the booking of Requester/ });
      await expect(approveButtons).toHaveCount(50);
      await expect(page.getByRole('status').filter({ hasText: 'Showing 50 of 55 bookings waiting' })).toBeVisible();
      await page.getByRole('button', { name: 'Show more' }).click();
      await expect(approveButtons).toHaveCount(55);
      await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
      await expect(page.getByText(/^Showing \d+ of/)).toHaveCount(0);
    } finally {
      await restore();
    }
  });
});
