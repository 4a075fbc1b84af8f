import type { APIRequestContext } from '@playwright/test';
import type { BalancesOnReply, SignInReply } from '@teamfolk/shared';
import { expect, signIn, test } from './support/fixtures';
import { openLeaveRequests, openSignedIn, openSubmitDialog, remainingOf } from './support/leave-pages';
import { createTeam, type TeamMember } from './support/team';

const DAY_MS = 86_400_000;

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Monday to Friday between two days, both included (the company has no country, so no public holidays). */
function workingDaysBetween(first: string, last: string): number {
  let count = 0;
  for (let time = Date.parse(`${first}T12:00:00Z`); time <= Date.parse(`${last}T12:00:00Z`); time += DAY_MS) {
    const weekday = new Date(time).getUTCDay();
    if (weekday !== 0 && weekday !== 6) count += 1;
  }
  return count;
}

/**
 * A request from 28 December to 5 January across the coming New Year: with a January leave year its
 * first part is this leave year's and its second next year's, whatever the day the spec runs on.
 */
function acrossNewYear() {
  const newYear = new Date().getFullYear() + 1;
  const start = `${newYear - 1}-12-28`;
  const end = `${newYear}-01-05`;
  // A Monday a week or more after the request, in the new year: one more day of next year's leave.
  const later = new Date(newYear, 0, 12, 12);
  while (later.getDay() !== 1) later.setDate(later.getDate() + 1);
  return {
    start,
    end,
    thisYear: newYear - 1,
    nextYear: newYear,
    thisYearDays: workingDaysBetween(start, `${newYear - 1}-12-31`),
    nextYearDays: workingDaysBetween(`${newYear}-01-01`, end),
    laterMonday: isoDay(later),
  };
}

/** What the employee can take on a day, as the API says (their own balances route, with their own sign-in). */
async function vacationAvailableOn(request: APIRequestContext, member: TeamMember, on: string): Promise<number> {
  const signedIn = await request.post('/api/auth/login', { data: { email: member.email, password: member.password } });
  const { token, user } = (await signedIn.json()) as SignInReply;
  const reply = await request.get(`/api/employees/${user.employeeId}/balances?on=${on}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as BalancesOnReply).vacation.available;
}

test('leave across New Year counts in both years; extra hours approved go into the hours bank', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const team = await createTeam({ leaveYearStartMonth: 1 });
  const days = acrossNewYear();
  const total = days.thisYearDays + days.nextYearDays;

  await signIn(page, team.employee.email, team.employee.password);
  await expect(page.getByRole('heading', { name: 'Employee Dashboard' })).toBeVisible();
  await expect(remainingOf(page, 'Vacation Balance')).toHaveText('25 days');

  // The dialog shows each year's part and what it leaves there.
  await openLeaveRequests(page);
  // Once the list has loaded: an empty one replaces the toolbar (and a dialog opened from it) with its own button.
  await expect(page.getByText('No leave requests yet')).toBeVisible();
  const dialog = await openSubmitDialog(page);
  await dialog.getByLabel('Start Date').fill(days.start);
  await dialog.getByLabel('End Date').fill(days.end);
  const preview = dialog.getByRole('status');
  await expect(preview).toContainText(`This request: ${total} days`);
  await expect(preview).toContainText(
    `Vacation balance by leave year: ${days.thisYear}: ${days.thisYearDays} days, ${25 - days.thisYearDays} left after; ` +
      `${days.nextYear}: ${days.nextYearDays} days, ${25 - days.nextYearDays} left after`,
  );
  await expect(preview).not.toContainText('Insufficient');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Leave request submitted successfully')).toBeVisible();

  // The admin approves it.
  const adminPage = await openSignedIn(browser, baseURL!, team.admin, 'Admin Dashboard');
  await openLeaveRequests(adminPage);
  const pending = adminPage.getByRole('row', { name: /Emil Employee/ }).filter({ hasText: 'Pending' });
  await pending.getByRole('button', { name: 'Approve the leave request of Emil Employee' }).click();
  await expect(adminPage.getByRole('row', { name: /Emil Employee/ }).filter({ hasText: 'Approved' })).toHaveCount(1);

  // Each year's balance moved by its own part: this year's card, next year's on its first day.
  await page.goto('/dashboard');
  await expect(remainingOf(page, 'Vacation Balance')).toHaveText(`${25 - days.thisYearDays} days`);
  expect(await vacationAvailableOn(request, team.employee, isoDay(new Date()))).toBe(25 - days.thisYearDays);
  expect(await vacationAvailableOn(request, team.employee, `${days.nextYear}-01-01`)).toBe(25 - days.nextYearDays);
  await openLeaveRequests(page);
  const nextYearDialog = await openSubmitDialog(page);
  await nextYearDialog.getByLabel('Start Date').fill(days.laterMonday);
  await nextYearDialog.getByLabel('End Date').fill(days.laterMonday);
  await expect(nextYearDialog.getByRole('status')).toContainText(
    `Vacation balance by leave year: ${days.nextYear}: 1 day, ${25 - days.nextYearDays - 1} left after`,
  );
  await nextYearDialog.getByRole('button', { name: 'Cancel' }).click();

  // The employee logs extra hours; they wait for the admin.
  await page.getByRole('button', { name: 'Log extra hours' }).click();
  const hoursDialog = page.getByRole('dialog', { name: 'Log extra hours' });
  await hoursDialog.getByLabel('Extra hours').fill('3.5');
  await hoursDialog.getByLabel('Reason').fill('Stocktake after closing');
  await hoursDialog.getByRole('button', { name: 'Log Hours' }).click();
  await expect(page.getByText('Extra hours logged successfully')).toBeVisible();
  const ownCredits = page.getByRole('list', { name: 'Extra hours' });
  await expect(ownCredits).toContainText('3.5 extra hours');
  await expect(ownCredits).toContainText('Pending');

  // The admin approves them where leave is approved.
  await adminPage.reload();
  const toApprove = adminPage.getByRole('list', { name: 'Extra hours' }).getByRole('listitem');
  await expect(toApprove).toHaveCount(1);
  await expect(toApprove).toContainText('Stocktake after closing');
  await toApprove.getByRole('button', { name: 'Approve the extra hours of Emil Employee' }).click();
  await expect(adminPage.getByText('Time credit approved successfully')).toBeVisible();
  await expect(adminPage.getByText('No extra hours await a decision.')).toBeVisible();

  // The hours bank grew, and the employee sees the credit approved.
  await page.reload();
  await expect(ownCredits).toContainText('Approved');
  await page.goto('/dashboard');
  await expect(remainingOf(page, 'Hours Bank')).toHaveText('3.5 hours');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('an admin logs extra hours for an employee and decides them from a card', async ({ page }) => {
    test.setTimeout(90_000);
    const team = await createTeam({ leaveYearStartMonth: 1 });
    await signIn(page, team.admin.email, team.admin.password);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await page.goto('/dashboard/leaves');
    await expect(page.getByText('No leave requests yet')).toBeVisible();

    await page.getByRole('button', { name: 'Log extra hours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log extra hours' });
    await dialog.getByLabel('Extra hours').fill('2');
    await dialog.getByLabel('Reason').fill('Inventory');
    await dialog.getByRole('button', { name: 'Log Hours' }).click();
    await expect(dialog.getByText('Choose the employee who worked the hours')).toBeVisible();
    await dialog.getByLabel('Employee').fill('Emil');
    await page.getByRole('option', { name: 'Emil Employee' }).click();
    await dialog.getByRole('button', { name: 'Log Hours' }).click();
    await expect(page.getByText('Extra hours logged successfully')).toBeVisible();

    const card = page.getByRole('list', { name: 'Extra hours' }).getByRole('listitem');
    await expect(card).toContainText('2.0 extra hours');
    await card.getByRole('button', { name: 'Reject the extra hours of Emil Employee' }).click();
    await expect(page.getByText('Time credit rejected successfully')).toBeVisible();
    await expect(page.getByText('No extra hours await a decision.')).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
  });
});
