import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, linkIn, signIn, test } from './support/fixtures';
import { openLeaveRequests, openSignedIn, openSubmitDialog, remainingOf } from './support/leave-pages';
import { createTeam } from './support/team';

const DAY_MS = 86_400_000;

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Monday to Friday of a week at least `weeksAhead` weeks away, so no weekend falls inside and no date is past. */
function workingWeek(weeksAhead = 1) {
  const monday = new Date();
  monday.setHours(12, 0, 0, 0);
  monday.setDate(monday.getDate() + 7 * weeksAhead);
  while (monday.getDay() !== 1) monday.setDate(monday.getDate() + 1);
  const day = (offset: number) => isoDay(new Date(monday.getTime() + offset * DAY_MS));
  return { monday: day(0), tuesday: day(1), wednesday: day(2), daysAfterMonday: day };
}

/** A birthday that comes round in `days` days by the server's (UTC) calendar; 1992 has a 29 February. */
const birthdayInDays = (days: number) => `1992${new Date(Date.now() + days * DAY_MS).toISOString().slice(4, 10)}`;

async function submitFullDays(page: Page, start: string, end: string, reason?: string) {
  const dialog = await openSubmitDialog(page);
  await dialog.getByLabel('Start Date').fill(start);
  await dialog.getByLabel('End Date').fill(end);
  if (reason) await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Leave request submitted successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
}

const decisionResponse = (page: Page) =>
  page.waitForResponse((response) => /\/api\/leaves\/\d+\/approve$/.test(response.url()));

test('an employee asks for three days of vacation and the admin approves them in one click', async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(90_000);
  const team = await createTeam({ employeeBirthday: birthdayInDays(2) });
  const { monday, wednesday } = workingWeek();

  await signIn(page, team.employee.email, team.employee.password);
  await expect(page.getByRole('heading', { name: 'Employee Dashboard' })).toBeVisible();
  await expect(remainingOf(page, 'Vacation Balance')).toHaveText('25 days');

  await openLeaveRequests(page);
  await expect(page.getByText('No leave requests yet')).toBeVisible();
  const dialog = await openSubmitDialog(page);
  const today = new Date();
  await expect(dialog.getByLabel('Start Date')).toHaveValue(isoDay(today));
  await expect(dialog.getByLabel('End Date')).toHaveValue(isoDay(new Date(today.getTime() + DAY_MS)));
  await dialog.getByLabel('Start Date').fill(monday);
  await dialog.getByLabel('End Date').fill(wednesday);
  await dialog.getByLabel('Reason').fill('Family trip');
  const preview = dialog.getByRole('status');
  await expect(preview).toContainText('This request: 3 days');
  await expect(preview).toContainText('Vacation balance: 25 days remaining');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Leave request submitted successfully')).toBeVisible();

  const ownRow = page.getByRole('row', { name: /Emil Employee/ });
  for (const text of ['Vacation', 'Full Day', '3', 'Family trip', 'Pending']) await expect(ownRow).toContainText(text);
  await expect(ownRow.getByRole('button', { name: /Approve|Reject/ })).toHaveCount(0);
  await expect(ownRow.getByRole('button', { name: 'Withdraw the leave request of Emil Employee' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Your Requests' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Pending Requests/ })).toContainText('1');
  await expect(remainingOf(page, 'Vacation Balance')).toHaveText('25 days');

  const adminMail = await mailbox.waitFor(team.admin.email, /Leave request from Emil Employee/);
  const adminPage = await openSignedIn(browser, baseURL!, team.admin, 'Admin Dashboard');
  await expect(adminPage.getByRole('heading', { name: 'System Overview' })).toBeVisible();
  await expect(adminPage.getByRole('link', { name: /Total Employees/ })).toContainText('1');
  await expect(adminPage.getByRole('link', { name: /Pending Requests/ })).toContainText('1');
  await expect(adminPage.getByRole('list', { name: /Birthdays and work anniversaries/ })).toContainText(
    "Emil Employee's birthday",
  );
  await expect(adminPage.getByText('In 2 days')).toBeVisible();

  await adminPage.goto(linkIn(adminMail));
  await expect(adminPage).toHaveURL(/filter=.*pending/);
  const pendingRow = adminPage.getByRole('row', { name: /Emil Employee/ });
  await expect(pendingRow).toContainText('Pending');
  const decision = decisionResponse(adminPage);
  await pendingRow.getByRole('button', { name: 'Approve the leave request of Emil Employee' }).click();
  await expect(adminPage.getByText('Leave request approved successfully')).toBeVisible();
  expect((await decision).status()).toBe(200);
  await expect(pendingRow).toHaveCount(0);

  await page.reload();
  await expect(remainingOf(page, 'Vacation Balance')).toHaveText('22 days');
  await expect(page.getByRole('link', { name: /Approved Requests/ })).toContainText('1');
  const decided = await mailbox.waitFor(team.employee.email, /approved/);
  expect(decided.text).toContain('was approved');
});

test('the admin rejects a partial day, and the balance stays whole', async ({ page, browser, baseURL, mailbox }) => {
  test.setTimeout(90_000);
  const team = await createTeam();
  const { tuesday } = workingWeek(2);

  await signIn(page, team.employee.email, team.employee.password);
  await expect(page.getByRole('heading', { name: 'Employee Dashboard' })).toBeVisible();
  await openLeaveRequests(page);
  const dialog = await openSubmitDialog(page);
  await dialog.getByRole('radio', { name: 'Partial Day' }).check();
  await expect(dialog.getByLabel('End Date')).toBeDisabled();
  await expect(dialog.getByLabel('Start Time')).toHaveValue('09:00');
  await expect(dialog.getByLabel('End Time')).toHaveValue('17:00');
  await dialog.getByLabel('Start Date').fill(tuesday);
  await expect(dialog.getByLabel('End Date')).toHaveValue(tuesday);
  await dialog.getByLabel('End Time').fill('13:00');
  await expect(dialog.getByRole('status')).toContainText('This request: 0.5 days (4.0 hours)');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Leave request submitted successfully')).toBeVisible();
  const ownRow = page.getByRole('row', { name: /Emil Employee/ });
  await expect(ownRow).toContainText('Partial (09:00–13:00)');
  await expect(ownRow).toContainText('No reason provided');

  const adminPage = await openSignedIn(browser, baseURL!, team.admin, 'Admin Dashboard');
  await openLeaveRequests(adminPage);
  const row = adminPage.getByRole('row', { name: /Emil Employee/ });
  const decisions: string[] = [];
  adminPage.on('request', (request) => {
    if (request.url().endsWith('/approve')) decisions.push(request.postData() ?? '');
  });
  const decision = decisionResponse(adminPage);
  await row.getByRole('button', { name: 'Reject the leave request of Emil Employee' }).click();
  await expect(adminPage.getByText('Leave request rejected successfully')).toBeVisible();
  await expect(row).toContainText('Rejected');
  expect((await decision).status()).toBe(200);
  expect(decisions).toEqual([JSON.stringify({ approved: false })]);

  await mailbox.waitFor(team.employee.email, /rejected/);
  await page.goto('/dashboard');
  await expect(remainingOf(page, 'Vacation Balance')).toHaveText('25 days');
});

test('an employee withdraws a pending request; an admin records leave for them, approves it and withdraws it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const team = await createTeam();
  const { monday, tuesday, wednesday } = workingWeek(3);

  await signIn(page, team.employee.email, team.employee.password);
  await expect(page.getByRole('heading', { name: 'Employee Dashboard' })).toBeVisible();
  await openLeaveRequests(page);
  await submitFullDays(page, monday, wednesday);
  const ownRow = page.getByRole('row', { name: /Emil Employee/ });
  await ownRow.getByRole('button', { name: 'Withdraw the leave request of Emil Employee' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Withdraw this leave request?' });
  await confirmation.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('Leave request withdrawn successfully')).toBeVisible();
  await expect(ownRow).toContainText('Withdrawn');
  await expect(ownRow.getByRole('button', { name: /Withdraw/ })).toHaveCount(0);

  const adminPage = await openSignedIn(browser, baseURL!, team.admin, 'Admin Dashboard');
  await openLeaveRequests(adminPage);
  const dialog = await openSubmitDialog(adminPage);
  await dialog.getByLabel('Employee').fill('Emil');
  await adminPage.getByRole('option', { name: 'Emil Employee' }).click();
  await dialog.getByLabel('Start Date').fill(monday);
  await dialog.getByLabel('End Date').fill(tuesday);
  await expect(dialog.getByRole('status')).toContainText('This request: 2 days');
  await expect(dialog.getByRole('status')).toContainText('Vacation balance: 25 days remaining');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(adminPage.getByText('Leave request submitted successfully')).toBeVisible();

  const recorded = adminPage.getByRole('row', { name: /Emil Employee/ }).filter({ hasText: 'Pending' });
  const decision = decisionResponse(adminPage);
  await recorded.getByRole('button', { name: 'Approve the leave request of Emil Employee' }).click();
  expect((await decision).status()).toBe(200);
  const approved = adminPage.getByRole('row', { name: /Emil Employee/ }).filter({ hasText: 'Approved' });
  await expect(approved).toHaveCount(1);

  await page.goto('/dashboard');
  await expect(remainingOf(page, 'Vacation Balance')).toHaveText('23 days');

  await approved.getByRole('button', { name: 'Withdraw the leave request of Emil Employee' }).click();
  await adminPage
    .getByRole('dialog', { name: 'Withdraw this leave request?' })
    .getByRole('button', { name: 'Withdraw' })
    .click();
  await expect(adminPage.getByText('Leave request withdrawn successfully')).toBeVisible();
  await expect(adminPage.getByRole('row', { name: /Emil Employee/ }).filter({ hasText: 'Withdrawn' })).toHaveCount(2);

  await page.reload();
  await expect(remainingOf(page, 'Vacation Balance')).toHaveText('25 days');

  const download = adminPage.waitForEvent('download');
  await adminPage.getByRole('button', { name: 'Export' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toBe('leaves.csv');
  const content = await readFile(await csv.path(), 'utf8');
  expect(content).toContain('Emil Employee');
  expect(content).toContain('cancelled');
});

test("the dialog refuses bad dates and more vacation than is left, with the spec's texts", async ({ page }) => {
  const team = await createTeam();
  const { monday, wednesday, daysAfterMonday } = workingWeek();
  const submissions: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/leaves')) submissions.push(request.url());
  });

  await signIn(page, team.employee.email, team.employee.password);
  await expect(page.getByRole('heading', { name: 'Employee Dashboard' })).toBeVisible();
  await openLeaveRequests(page);
  const dialog = await openSubmitDialog(page);
  await dialog.getByLabel('Start Date').fill(wednesday);
  await dialog.getByLabel('End Date').fill(monday);
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByText('End date must be after start date')).toBeVisible();
  expect(submissions).toEqual([]);

  // Monday to the Friday five weeks later: 30 working days against 25 left.
  await dialog.getByLabel('Start Date').fill(monday);
  await dialog.getByLabel('End Date').fill(daysAfterMonday(7 * 5 + 4));
  const refusal = 'Insufficient vacation balance: 25 days remaining, 30 requested';
  await expect(dialog.getByRole('status')).toContainText(refusal);
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(refusal);
  expect(submissions).toHaveLength(1);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('an employee sees an empty events list, asks for leave and finds it as a card', async ({ page }) => {
    const team = await createTeam();
    const { monday, wednesday } = workingWeek(4);

    await signIn(page, team.employee.email, team.employee.password);
    await expect(page.getByRole('heading', { name: 'Employee Dashboard' })).toBeVisible();
    await expect(page.getByText('No Upcoming Events')).toBeVisible();
    await expect(page.getByText('There are no birthdays or work anniversaries in the next 30 days.')).toBeVisible();
    await expect(page.getByRole('link', { name: /Total Employees/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Dashboard navigation' });
    await expect(menu.getByRole('link', { name: 'Employees' })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Leave Requests' }).click();
    await expect(page.getByRole('heading', { name: 'Leave Requests', exact: true })).toBeVisible();
    await submitFullDays(page, monday, wednesday, 'Wedding');

    const card = page.getByRole('list', { name: 'Leave request cards' }).getByRole('listitem');
    await expect(card).toHaveCount(1);
    for (const text of ['Emil Employee', 'Pending', 'Wedding', '3']) await expect(card).toContainText(text);
    await expect(card.getByRole('button', { name: 'Withdraw the leave request of Emil Employee' })).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
  });
});
