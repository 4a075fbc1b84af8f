import type { Locator, Page } from '@playwright/test';
import { Company, Employee } from '@teamfolk/shared';
import { createAdminAccount, openSignedIn } from './support/accounts';
import { createCompanyWithLeave } from './support/calendar';
import { expect, linkIn, signIn, test } from './support/fixtures';
import { activateSubscription, endSubscription } from './support/subscriptions';
import { createTeam } from './support/team';
import { companyIdOf, withE2eDatabase } from './support/database';

/** Issue 27's rough edges on the user's path (items 11 to 20), in Chromium at 1280 and 375 px. */

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

async function openFromMenu(page: Page, item: string, heading: string) {
  const menuButton = page.getByRole('button', { name: 'Open navigation menu' });
  if (await menuButton.isVisible()) await menuButton.click();
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: item }).click();
  await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
}

const expiredBanner = (page: Page): Locator =>
  page.getByRole('alert').filter({ hasText: 'Subscription expired. Access restricted.' });

/** Signs in and waits for the dashboard's welcome. */
async function signInAs(page: Page, person: { name: string; email: string; password: string }) {
  await signIn(page, person.email, person.password);
  await expect(page.getByRole('heading', { name: `Welcome back, ${person.name}` })).toBeVisible();
}

/** An admin of a subscribed company, on its Leave Requests screen with one pending request of Emil Employee. */
async function openOnePendingRequest(page: Page) {
  const { admin } = await createCompanyWithLeave('Emil Employee', [
    { employeeName: 'Emil Employee', requestType: 'vacation', status: 'pending', ...mondayToTuesday(4) },
  ]);
  await activateSubscription(admin.email);
  await signInAs(page, admin);
  await openFromMenu(page, 'Leave Requests', 'Leave Requests');
}

/** The state a closed screen shows, and none of what a failed or empty one would. */
async function expectClosedScreen(page: Page) {
  await expect(expiredBanner(page)).toHaveCount(1);
  await expect(page.getByText('Unavailable while the subscription is expired')).toBeVisible();
  for (const failure of [
    'Not available right now',
    'No Upcoming Events',
    'Failed to fetch employees',
    'Failed to fetch leave requests',
    /\d+-\d+ of \d+/,
  ]) {
    await expect(page.getByText(failure)).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: /Submit Leave Request|Add Employee/ })).toHaveCount(0);
}

test.describe('item 11: once the subscription has ended', () => {
  test('at 1280 px the admin sees one banner leading to Billing on every screen, and it goes once reactivated', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    const team = await createTeam();
    await endSubscription(team.admin.email);

    await signInAs(page, team.admin);
    await expectClosedScreen(page);
    await expect(expiredBanner(page)).toContainText('Subscribe again to restore access for your team.');
    for (const screen of ['Employees', 'Leave Requests', 'Calendar']) {
      await openFromMenu(page, screen, screen);
      await expectClosedScreen(page);
    }

    await expiredBanner(page).getByRole('link', { name: 'Go to Billing' }).click();
    await expect(page).toHaveURL(/\/dashboard\/billing$/);
    await expect(page.getByRole('heading', { name: 'Your Subscription' })).toBeVisible();
    // The subscription tab says it there, beside its Subscribe button: still one message.
    await expect(expiredBanner(page)).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Go to Billing' })).toHaveCount(0);

    // As if the admin had subscribed again on this screen: the next screen re-reads the session.
    await activateSubscription(team.admin.email);
    await openFromMenu(page, 'Employees', 'Employees');
    await expect(page.getByRole('row', { name: /Emil Employee/ })).toBeVisible();
    await expect(expiredBanner(page)).toHaveCount(0);
  });

  test('at 375 px an employee is told to ask an admin, and finds no button that cannot work', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const team = await createTeam();
    await endSubscription(team.admin.email);

    await signInAs(page, team.employee);
    await expect(page.getByRole('heading', { name: 'Your Balance Overview' })).toBeVisible();
    await expectClosedScreen(page);
    await expect(expiredBanner(page)).toContainText('Please contact an administrator to reactivate the subscription.');
    await expect(expiredBanner(page).getByRole('link')).toHaveCount(0);

    await openFromMenu(page, 'Leave Requests', 'Leave Requests');
    await expectClosedScreen(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

const isoToday = () => {
  const today = new Date();
  return `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
};

for (const viewport of [DESKTOP, PHONE]) {
  test(`item 13: at ${viewport.width} px an employee added with the form's defaults has no birthday`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const team = await createTeam();
    await activateSubscription(team.admin.email);
    await signInAs(page, team.admin);
    await openFromMenu(page, 'Employees', 'Employees');

    await page.getByRole('button', { name: 'Add Employee' }).click();
    await page.getByRole('dialog', { name: 'Add a paid seat' }).getByRole('button', { name: 'Continue' }).click();
    const form = page.getByRole('dialog', { name: 'Add Employee' });
    await expect(form.getByLabel('Hire Date')).toHaveValue(isoToday());
    await expect(form.getByLabel('Birthday')).toHaveValue('');
    await form.getByLabel('Name').fill('Nadia New');
    await form.getByLabel('Email').fill(`nadia-${Date.now()}@example.com`);
    await form.getByRole('button', { name: 'Add Employee' }).click();
    await expect(page.getByText('Employee added successfully and invitation email sent')).toBeVisible();

    const added =
      viewport === DESKTOP
        ? page.getByRole('row', { name: /Nadia New/ })
        : page.getByRole('list', { name: 'Employee cards' }).getByRole('listitem', { name: 'Nadia New' });
    await expect(added).toContainText('Not set');

    await openFromMenu(page, 'Dashboard', 'Welcome back, Alma Admin');
    const upcoming = page.getByRole('region', { name: 'Upcoming Events' });
    await expect(
      upcoming.getByText('No Upcoming Events').or(upcoming.getByRole('list', { name: /Birthdays/ })),
    ).toBeVisible();
    await expect(upcoming).not.toContainText("Nadia New's birthday");
  });
}

const DAY_MS = 86_400_000;

/** Monday and Tuesday of the week `weeksAhead` weeks from now, as YYYY-MM-DD (local). */
function mondayToTuesday(weeksAhead: number) {
  const monday = new Date();
  monday.setHours(12, 0, 0, 0);
  monday.setDate(monday.getDate() + 7 * weeksAhead);
  while (monday.getDay() !== 1) monday.setDate(monday.getDate() + 1);
  const iso = (date: Date) => date.toLocaleDateString('en-CA');
  return { startDate: iso(monday), endDate: iso(new Date(monday.getTime() + DAY_MS)) };
}

const isDecision = (request: { url(): string }) => /\/api\/leaves\/\d+\/approve$/.test(request.url());

for (const viewport of [DESKTOP, PHONE]) {
  test(`item 12: at ${viewport.width} px a decision is sent when clicked and the request shows the server's answer`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    const pending = [5, 6, 7].map((weeksAhead) => ({
      employeeName: 'Emil Employee',
      requestType: 'vacation' as const,
      status: 'pending' as const,
      ...mondayToTuesday(weeksAhead),
    }));
    const { admin } = await createCompanyWithLeave('Emil Employee', pending);
    await activateSubscription(admin.email);
    await signInAs(page, admin);
    await openFromMenu(page, 'Leave Requests', 'Leave Requests');
    const requests =
      viewport === DESKTOP
        ? page.getByRole('row', { name: /Emil Employee/ })
        : page.getByRole('list', { name: 'Leave request cards' }).getByRole('listitem');
    await expect(requests).toHaveCount(3);

    const approval = page.waitForRequest(isDecision, { timeout: 1_000 });
    await requests.nth(0).getByRole('button', { name: 'Approve the leave request of Emil Employee' }).click();
    await approval;
    await expect(requests.nth(0)).toContainText('Approved');
    await expect(page.getByText('Leave request approved successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);

    // A second decision while the first one's message is still up.
    const rejection = page.waitForRequest(isDecision, { timeout: 1_000 });
    await requests.nth(1).getByRole('button', { name: 'Reject the leave request of Emil Employee' }).click();
    await rejection;
    await expect(requests.nth(1)).toContainText('Rejected');
    await expect(requests.nth(0)).toContainText('Approved');

    // The tab closes as soon as the third decision has left.
    const lastRejection = page.waitForRequest(isDecision, { timeout: 1_000 });
    await requests.nth(2).getByRole('button', { name: 'Reject the leave request of Emil Employee' }).click();
    await lastRejection;
    await page.close();

    const again = await (await browser.newContext({ baseURL, viewport })).newPage();
    await signIn(again, admin.email, admin.password);
    await expect(again.getByRole('heading', { name: 'Welcome back, Cora Calendar' })).toBeVisible();
    await openFromMenu(again, 'Leave Requests', 'Leave Requests');
    const decided =
      viewport === DESKTOP
        ? again.getByRole('row', { name: /Emil Employee/ })
        : again.getByRole('list', { name: 'Leave request cards' }).getByRole('listitem');
    await expect(decided.filter({ hasText: 'Approved' })).toHaveCount(1);
    await expect(decided.filter({ hasText: 'Rejected' })).toHaveCount(2);

    await openFromMenu(again, 'Employees', 'Employees');
    const employee =
      viewport === DESKTOP
        ? again.getByRole('row', { name: /Emil Employee/ })
        : again.getByRole('list', { name: 'Employee cards' }).getByRole('listitem', { name: 'Emil Employee' });
    await expect(employee).toContainText('23/25');
  });
}

/** Public holidays come from the company's country (calendar settings). */
async function setCompanyCountry(adminEmail: string, country: string): Promise<void> {
  await withE2eDatabase(async () => {
    await Company.update({ country }, { where: { id: await companyIdOf(adminEmail) } });
  });
}

/** The next Saturday and Sunday, and a New Year's Day that falls on a weekday (a US public holiday). */
function daysWithoutWork() {
  const saturday = new Date();
  saturday.setHours(12, 0, 0, 0);
  do saturday.setDate(saturday.getDate() + 1);
  while (saturday.getDay() !== 6);
  let year = saturday.getFullYear() + 1;
  while ([0, 6].includes(new Date(year, 0, 1).getDay())) year += 1;
  const iso = (date: Date) => date.toLocaleDateString('en-CA');
  return {
    saturday: iso(saturday),
    sunday: iso(new Date(saturday.getTime() + DAY_MS)),
    newYear: `${year}-01-01`,
    workingDayAfter: `${year}-01-0${new Date(year, 0, 1).getDay() === 5 ? 4 : 2}`,
  };
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`item 19: at ${viewport.width} px leave that counts no working day says so once and cannot be sent`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const team = await createTeam();
    await setCompanyCountry(team.admin.email, 'US');
    const { saturday, sunday, newYear, workingDayAfter } = daysWithoutWork();
    const submissions: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/leaves')) submissions.push(request.url());
    });

    await signInAs(page, team.employee);
    await page.getByRole('button', { name: 'Submit Leave Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit Leave Request' });
    const submit = dialog.getByRole('button', { name: 'Submit Request' });
    const noWorkingDays = dialog.getByText(
      'These dates contain no working days: weekends and public holidays are not counted',
    );

    await dialog.getByLabel('Start Date').fill(saturday);
    await dialog.getByLabel('End Date').fill(sunday);
    await expect(dialog.getByRole('status')).toContainText('This request: 0 days');
    await expect(noWorkingDays).toHaveCount(1);
    await expect(submit).toBeDisabled();

    await dialog.getByLabel('Start Date').fill(newYear);
    await dialog.getByLabel('End Date').fill(newYear);
    await expect(noWorkingDays).toHaveCount(1);
    await expect(submit).toBeDisabled();

    await dialog.getByLabel('End Date').fill(workingDayAfter);
    await expect(dialog.getByRole('status')).toContainText('This request: 1 day');
    await expect(noWorkingDays).toHaveCount(0);
    await expect(submit).toBeEnabled();
    expect(submissions).toEqual([]);
  });
}

test('item 20: a signed-in visitor of /login or /signup lands on the dashboard, whose banner re-reads on focus', async ({
  page,
  request,
  mailbox,
}) => {
  const account = await createAdminAccount(request);
  await openSignedIn(page, account, '/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/dashboard$/);

  const banner = page.getByText(/Email Verification Required/);
  await expect(banner).toBeVisible();
  const verification = new URL(linkIn(await mailbox.waitFor(account.email, /Verify your email/)));
  const token = verification.pathname.split('/').pop();
  expect((await request.get(`/api/auth/verify-email/${token}`)).ok()).toBe(true);
  // Coming back to the tab re-reads the user at once, well before the banner's 30 s timer.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(banner).toBeHidden({ timeout: 5_000 });
});

test.describe('item 17: toolbar icons', () => {
  test('at 1280 px an icon names its action on hover only, and Former employees leads back within Employees', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await openOnePendingRequest(page);
    const approve = page.getByRole('button', { name: 'Approve the leave request of Emil Employee' });
    await approve.focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Reject the leave request of Emil Employee' })).toBeFocused();
    await page.waitForTimeout(500);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await approve.hover();
    await expect(page.getByRole('tooltip', { name: 'Approve' })).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);

    await openFromMenu(page, 'Employees', 'Employees');
    await page.getByRole('link', { name: 'Former employees' }).click();
    await expect(page.getByRole('heading', { name: 'Former employees', level: 2 })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Dashboard navigation' });
    await expect(menu.getByRole('link', { name: 'Employees' })).toHaveAttribute('aria-current', 'true');
    await page.getByRole('link', { name: 'Back to Employees' }).click();
    await expect(page.getByRole('heading', { name: 'Employees', level: 2 })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Employees' })).toHaveAttribute('aria-current', 'page');
  });

  test.describe('on a touch screen', () => {
    test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

    test('at 375 px every icon is named and no tooltip stays after a tap', async ({ page }) => {
      await openOnePendingRequest(page);

      const toolbar = page.locator('.RaList-actions');
      for (const action of ['Sort by submitted descending', 'Add filter', 'Export', 'Submit Leave Request']) {
        await expect(toolbar.getByRole('button', { name: action })).toBeVisible();
      }
      // At a person's pace: sort, then open the filters and close them again.
      await toolbar.getByRole('button', { name: 'Sort by submitted descending' }).tap();
      await page.getByRole('menuitem', { name: /Start Date/ }).tap();
      await page.waitForTimeout(2_500);
      await toolbar.getByRole('button', { name: 'Add filter' }).tap();
      await page.waitForTimeout(500);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
      // The menu hands focus back to its button: no tooltip may open there and cover the buttons beside.
      await page.waitForTimeout(1_000);
      await expect(page.getByRole('tooltip')).toHaveCount(0);

      await openFromMenu(page, 'Employees', 'Employees');
      await page.locator('.RaList-actions').getByRole('link', { name: 'Former employees' }).tap();
      await expect(page.getByRole('heading', { name: 'Former employees', level: 2 })).toBeVisible();
      await expect(page.getByRole('tooltip')).toHaveCount(0);
      await page.getByRole('link', { name: 'Back to Employees' }).tap();
      await expect(page.getByRole('heading', { name: 'Employees', level: 2 })).toBeVisible();
    });
  });
});

/** People with the long names, addresses and balances a real company has, enough to scroll the page. */
async function addColleagues(adminEmail: string, count: number): Promise<void> {
  await withE2eDatabase(async () => {
    const companyId = await companyIdOf(adminEmail);
    for (let index = 0; index < count; index++) {
      await Employee.create({
        companyId,
        name: `Aurelia Fontaine-Westerhagen ${index + 1}`,
        email: `aurelia.fontaine.westerhagen.${index + 1}.${Date.now()}@harbour-cafe.example.com`,
        jobRole: 'Senior Shift Supervisor',
        birthday: '1990-05-17',
        vacationDaysTotal: 27.5,
        bankHoursTotal: 120.5,
      });
    }
  });
}

/** The lines an element's text takes: one when nothing wraps. */
const lineCount = (cell: Locator) =>
  cell.evaluate((element) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });

test('item 18: at 1280 px the Employees table fits, with every header and e-mail address on one line', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  const team = await createTeam({ employeeBirthday: '1992-02-29' });
  await activateSubscription(team.admin.email);
  await addColleagues(team.admin.email, 24);
  await signInAs(page, team.admin);
  await openFromMenu(page, 'Employees', 'Employees');
  await expect(page.getByRole('row', { name: /Aurelia Fontaine-Westerhagen/ })).toHaveCount(24);

  const table = page.locator('.RaDataTable-tableWrapper');
  const { scrollWidth, clientWidth } = await table.evaluate((wrapper) => ({
    scrollWidth: wrapper.scrollWidth,
    clientWidth: wrapper.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  for (const header of await page.getByRole('columnheader').all()) {
    expect(await lineCount(header), await header.innerText()).toBe(1);
  }
  const firstRow = page.getByRole('row', { name: /Aurelia Fontaine-Westerhagen 1\b/ });
  const email = firstRow.getByRole('cell').nth(1);
  expect(await lineCount(email)).toBe(1);
  await expect(email.locator('[title]')).toHaveAttribute('title', /^aurelia\.fontaine\.westerhagen\.1\./);
});
