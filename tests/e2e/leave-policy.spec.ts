import type { Browser, Locator, Page } from '@playwright/test';
import {
  leavePolicySchema,
  leaveYearBounds,
  leaveYearOf,
  nextYearOpening,
  yearOpeningText,
  type LeavePolicy,
} from '@teamfolk/shared';
import { expect, signIn, test } from './support/fixtures';
import { createTeam, type TeamMember } from './support/team';

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The policy the admin sets: the e2e company's leave year (it starts this month), monthly accrual, 5 days carried for 3 months. */
function policySet(today: Date): LeavePolicy {
  return leavePolicySchema.parse({
    leave_year_start_month: today.getMonth() + 1,
    vacation: { accrual: 'monthly', carry_over_max_days: 5, carry_over_expiry_months: 3 },
  });
}

async function openSignedIn(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
  member: TeamMember,
  heading: string,
): Promise<Page> {
  const page = await browser.newPage({ baseURL, viewport });
  await signIn(page, member.email, member.password);
  // A new context loads the whole console cold: on a busy machine that took 7 s of the 10 allowed.
  await expect(page.getByRole('heading', { name: heading })).toBeVisible({ timeout: 30_000 });
  return page;
}

/** Follows a menu item, opening the drawer first on a phone. */
async function openFromMenu(page: Page, item: string): Promise<void> {
  const openMenu = page.getByRole('button', { name: 'Open navigation menu' });
  if (await openMenu.isVisible()) await openMenu.click();
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: item }).click();
}

async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function choose(page: Page, scope: Locator, field: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("an admin sets carry-over and monthly accrual; the employee sees next year's balance and how it is worked out", async ({
      page,
      browser,
      baseURL,
    }) => {
      // Two sign-ins and a reload, each loading the console: 20 s on a calm machine, 80 s on a loaded one.
      test.setTimeout(180_000);
      const team = await createTeam();
      const today = new Date();
      const policy = policySet(today);

      await signIn(page, team.admin.email, team.admin.password);
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({ timeout: 30_000 });
      await openFromMenu(page, 'Leave Policy');
      await expect(page.getByRole('heading', { name: 'Leave Policy', level: 2 })).toBeVisible();
      const form = page.locator('form');
      await expect(form.getByLabel('Vacation days per year')).toHaveValue('25');

      await choose(page, form, 'Vacation is granted', 'A twelfth at the start of each month');
      await form.getByLabel('Days carried over, at most').fill('5');
      await form.getByLabel('Carried days expire after (months)').fill('3');
      // Someone who leaves 5 days unused this year (the preview's example) carries all 5.
      const preview = page.getByRole('region', { name: 'Preview' });
      const sentence = yearOpeningText(nextYearOpening(policy, isoDay(today), 5));
      await expect(preview).toContainText(sentence);
      expect(sentence).toMatch(/: 2\.1 accrued \+ 5 carried, 5 expiring \d+ \w{3}$/);
      await expectNoSidewaysScroll(page, viewport.width);

      await page.getByRole('button', { name: 'Save policy' }).click();
      await expect(page.getByText('Leave policy saved successfully')).toBeVisible();
      await expect(page.getByText(/^Saved at /)).toBeVisible();
      await page.reload();
      // The whole dashboard loads again first: on a busy machine that takes a while.
      await expect(page.getByLabel('Days carried over, at most')).toHaveValue('5', { timeout: 30_000 });
      await expect(page.getByRole('combobox', { name: 'Vacation is granted' })).toHaveText(
        'A twelfth at the start of each month',
      );

      const employee = await openSignedIn(browser, baseURL!, viewport, team.employee, 'Employee Dashboard');
      await employee.getByRole('button', { name: 'How this is worked out: Vacation Balance' }).click();
      const ledger = employee.getByRole('dialog', { name: 'How this is worked out' });
      await expect(ledger).toBeVisible();
      const panel = ledger.getByRole('tabpanel', { name: 'Vacation' });
      await expect(panel).toContainText('Accrued');

      const thisYear = leaveYearOf(isoDay(today), policy.leave_year_start_month);
      const next = leaveYearBounds(thisYear + 1, policy.leave_year_start_month);
      await choose(employee, ledger, 'Leave year', new RegExp(`^${next.year} `));
      // Next year opens with the 5 days carried and a month's accrual; the carried days expire after three months.
      for (const entry of ['Carried over', '+5', 'Accrued', '+2.1', 'Expired', '\u22125', 'Expected'])
        await expect(panel).toContainText(entry);
      await expect(panel).toContainText(new RegExp(`remaining at the end of ${thisYear}, at most 5 carried`));

      await ledger.getByLabel('Available on').fill(next.start);
      const forecast = ledger.getByRole('status').filter({ hasText: 'Available on' });
      await expect(forecast).toContainText('Vacation: 7.1 days');
      await expect(forecast).toContainText('Sick days: 10 days');
      await expectNoSidewaysScroll(employee, viewport.width);

      await ledger.getByRole('button', { name: 'Close' }).click();
      await expect(ledger).toBeHidden();
      await employee.close();
    });
  });
}
