import type { Browser, Locator, Page } from '@playwright/test';
import { expect, signIn } from './fixtures';
import type { TeamMember } from './team';

/** The pages of the leave specs: a member signed in on their own browser, the dashboard's leave screens. */

export async function openSignedIn(
  browser: Browser,
  baseURL: string,
  member: TeamMember,
  heading: string,
): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, member.email, member.password);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  return page;
}

/** The 'Remaining' figure of one of the employee's balance cards. */
export function remainingOf(page: Page, balance: string): Locator {
  return page
    .locator('.MuiCard-root', { has: page.getByRole('heading', { name: balance }) })
    .locator('dt', { hasText: 'Remaining' })
    .locator('xpath=following-sibling::dd[1]');
}

export async function openLeaveRequests(page: Page) {
  await page
    .getByRole('navigation', { name: 'Dashboard navigation' })
    .getByRole('link', { name: 'Leave Requests' })
    .click();
  await expect(page.getByRole('heading', { name: 'Leave Requests', exact: true })).toBeVisible();
}

export async function openSubmitDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Submit Leave Request' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Submit Leave Request' });
  await expect(dialog).toBeVisible();
  return dialog;
}
