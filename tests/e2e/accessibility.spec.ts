import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createAdminAccount, openSignedIn } from './support/accounts';
import { expect, test } from './support/fixtures';

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** Runs axe-core on the page as it is now: each serious or critical violation, with the elements it names. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter(({ impact }) => impact && BLOCKING_IMPACTS.has(impact))
    .map(
      ({ id, impact, help, nodes }) =>
        `${impact} ${id}: ${help} (${nodes.map(({ target }) => target.join(' ')).join(', ')})`,
    );
}

async function expectNoSeriousViolations(page: Page): Promise<void> {
  expect(await seriousViolations(page), `axe-core on ${page.url()}`).toEqual([]);
}

const PUBLIC_PAGES = [
  { path: '/', ready: 'Manage your team, not paperwork' },
  { path: '/privacy-policy', ready: 'Privacy Policy' },
  { path: '/terms-of-service', ready: 'Terms of Service' },
  { path: '/cookie-policy', ready: 'Cookie Policy' },
  { path: '/gdpr', ready: 'GDPR' },
  { path: '/login', ready: 'Sign in to Teamfolk' },
  { path: '/signup', ready: 'Create your company account' },
];

const DASHBOARD_SCREENS = [
  '/dashboard',
  '/dashboard/employees',
  '/dashboard/leaves',
  '/dashboard/calendar',
  '/dashboard/billing',
  '/dashboard/leave-policy',
];

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const { path, ready } of PUBLIC_PAGES) {
      test(`${path} has no serious or critical axe violation`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible();
        await expectNoSeriousViolations(page);
      });
    }
  });
}

test('the landing page with its menus open has no serious or critical axe violation', async ({ page, request }) => {
  const account = await createAdminAccount(request, 'Ada Access');
  await openSignedIn(page, account);
  await page.getByRole('button', { name: account.name }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the dashboard screens have no serious or critical axe violation', async ({ page, request }) => {
  // axe takes a few seconds per screen on a busy machine.
  test.setTimeout(60_000);
  const account = await createAdminAccount(request, 'Axel Admin');
  await openSignedIn(page, account, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const violationsByScreen: Record<string, string[]> = {};
  for (const screen of DASHBOARD_SCREENS) {
    await page.goto(screen);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    violationsByScreen[screen] = await seriousViolations(page);
  }
  expect(violationsByScreen).toEqual(Object.fromEntries(DASHBOARD_SCREENS.map((screen) => [screen, []])));
});
