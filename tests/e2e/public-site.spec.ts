import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { createAdminAccount, openSignedIn } from './support/accounts';
import { expect, test } from './support/fixtures';

const SCREENSHOTS = path.join(__dirname, '.artifacts', 'screenshots');

const LEGAL_PAGES = [
  { path: '/privacy-policy', title: 'Privacy Policy' },
  { path: '/terms-of-service', title: 'Terms of Service' },
  { path: '/cookie-policy', title: 'Cookie Policy' },
  { path: '/gdpr', title: 'GDPR' },
];

const GDPR_RIGHTS = [
  'Right of access',
  'Right to rectification',
  'Right to erasure',
  'Right to restriction of processing',
  'Right to data portability',
  'Right to object',
  'Right not to be subject to automated decisions',
  'Right to lodge a complaint with a supervisory authority',
];

/** Scrolls the way a wheel does, so that the page sees a scroll in that direction. */
async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
}

/** Resolves once a smooth scroll has settled, with the number of scroll events it took. */
async function countScrollEventsDuring(page: Page, action: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const counter = { events: 0 };
    Object.assign(window, { scrollCounter: counter });
    window.addEventListener('scroll', () => (counter.events += 1));
  });
  await action();
  let lastY = -1;
  await expect
    .poll(async () => {
      const y = await page.evaluate(() => window.scrollY);
      const settled = y === lastY;
      lastY = y;
      return settled;
    })
    .toBe(true);
  return page.evaluate(() => (window as unknown as { scrollCounter: { events: number } }).scrollCounter.events);
}

async function expectAtTopOfViewport(section: Locator): Promise<void> {
  await expect.poll(async () => Math.abs((await section.boundingBox())?.y ?? Infinity)).toBeLessThan(12);
}

/** Scrolls up, as a person would, until the hidden top bar has slid back into view. */
async function scrollUpUntilVisible(page: Page, target: Locator): Promise<void> {
  await expect(async () => {
    await page.mouse.wheel(0, -200);
    await expect(target).toBeInViewport({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

test.describe('the landing page at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows every section in order, with its metadata, and writes a screenshot', async ({ page, baseURL }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Teamfolk · Simple HR software for small and medium businesses');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage your team, not paperwork');
    await expect(page.getByRole('link', { name: 'Get Started - $2/employee' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('button', { name: 'Learn More' })).toBeVisible();

    const stats = page.getByRole('region', { name: 'Teamfolk in numbers' });
    for (const stat of ['500+', '5 minute', '99.9%', '$2']) await expect(stats).toContainText(stat);
    await expect(page.getByRole('img', { name: /Teamfolk calendar for December 2024/ })).toBeVisible();

    const sectionHeadings = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    expect(sectionHeadings).toEqual([
      'See who is out at a glance',
      'Everything a small team needs, nothing it does not',
      'Loved by small businesses',
      'Simple, honest pricing',
      'Ready to simplify HR?',
    ]);
    const features = page.locator('#features').getByRole('heading', { level: 3 });
    await expect(features).toHaveText([
      'Employee Management',
      'Leave Tracking',
      'Calendar Integration',
      'Simple Reports',
      'Safe & Secure',
      'Easy to Use',
    ]);
    const testimonials = page.getByRole('region', { name: 'Loved by small businesses' }).getByRole('figure');
    await expect(testimonials).toHaveCount(3);
    await expect(testimonials.first()).toContainText('Sarah Mitchell');
    await expect(testimonials.first()).toContainText('Office Manager, Brightside Dental');
    await expect(testimonials.first().getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();

    const pricing = page.locator('#pricing');
    await expect(pricing).toContainText('$2 per employee per month');
    for (const promise of ['No contracts', 'Cancel anytime', 'No hidden fees', 'The admin is free']) {
      await expect(pricing.getByRole('listitem').filter({ hasText: promise })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute('href', '/login');

    const footer = page.getByRole('contentinfo');
    for (const { path: legalPath, title } of LEGAL_PAGES) {
      await expect(footer.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', legalPath);
    }
    await expect(footer.getByText('Security', { exact: true })).toBeVisible();

    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\$2 per employee per month/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Teamfolk/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /og-image\.jpg$/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

    await page.screenshot({ path: path.join(SCREENSHOTS, 'landing-1280.png'), fullPage: true });
  });

  test('the top bar turns white after 100 px, hides while scrolling down and returns when scrolling up', async ({
    page,
  }) => {
    await page.goto('/');
    const topBar = page.getByRole('banner');
    await expect(topBar).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');

    await scrollTo(page, 80);
    await expect(topBar).toBeInViewport();
    await expect(topBar).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');

    await scrollTo(page, 900);
    await expect(topBar).not.toBeInViewport();

    await scrollTo(page, 700);
    await expect(topBar).toBeInViewport();
    await expect(topBar).toHaveCSS('background-color', 'rgba(255, 255, 255, 0.86)');
    await expect(topBar).toHaveCSS('backdrop-filter', /blur/);

    await scrollTo(page, 0);
    await expect(topBar).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  });

  test('Features and Pricing scroll smoothly to their sections', async ({ page }) => {
    await page.goto('/');
    const navigation = page.getByRole('navigation', { name: 'Main' });

    const featureScrollEvents = await countScrollEventsDuring(page, () =>
      navigation.getByRole('link', { name: 'Features' }).click(),
    );
    await expectAtTopOfViewport(page.locator('#features'));
    expect(featureScrollEvents, 'a smooth scroll moves in several steps').toBeGreaterThan(1);
    await expect(page).toHaveURL(/\/$/);

    await page.mouse.wheel(0, -200);
    await expect(page.getByRole('banner')).toBeInViewport();
    await navigation.getByRole('link', { name: 'Pricing' }).click();
    await expectAtTopOfViewport(page.locator('#pricing'));
    await expect(page.locator('#pricing')).toBeFocused();
  });

  test('Sign In leads to the login page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a signed-in visitor sees Dashboard and a menu with their name; Logout signs out and stays home', async ({
    page,
    request,
  }) => {
    const account = await createAdminAccount(request);
    const scriptsLoaded: string[] = [];
    page.on('request', (sent) => {
      if (sent.resourceType() === 'script') scriptsLoaded.push(sent.url());
    });
    await openSignedIn(page, account);
    const topBar = page.getByRole('banner');
    await expect(topBar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(
      scriptsLoaded.filter((url) => url.includes('/assets/App-')),
      'react-admin stays unloaded',
    ).toEqual([]);
    await expect(topBar.getByRole('link', { name: 'Sign In' })).toHaveCount(0);

    const userMenuButton = topBar.getByRole('button', { name: account.name });
    await userMenuButton.click();
    const menu = page.getByRole('menu', { name: account.name });
    await expect(menu.getByRole('menuitem')).toHaveText(['Dashboard', 'Logout']);
    await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(userMenuButton).toBeFocused();

    await userMenuButton.click();
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(topBar.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(topBar.getByRole('button', { name: account.name })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('the user menu leads to the dashboard', async ({ page, request }) => {
    const account = await createAdminAccount(request, 'Dana Dashboard');
    await openSignedIn(page, account);
    await page.getByRole('button', { name: account.name }).click();
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard\/?$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  });
});

test.describe('the landing page at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('fits the screen and writes a screenshot', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect(page.getByRole('img', { name: /Teamfolk calendar/ })).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'landing-375.png'), fullPage: true });
  });

  test('the menu button opens Features, Pricing and Sign In', async ({ page }) => {
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await menuButton.getAttribute('aria-controls')}`);
    await expect(panel.getByRole('link')).toHaveText(['Features', 'Pricing', 'Sign In']);

    await panel.getByRole('link', { name: 'Features' }).click();
    await expect(panel).toHaveCount(0);
    await expectAtTopOfViewport(page.locator('#features'));

    await scrollUpUntilVisible(page, menuButton);
    await menuButton.click();
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await panel.getByRole('link', { name: 'Pricing' }).click();
    await expectAtTopOfViewport(page.locator('#pricing'));

    await scrollUpUntilVisible(page, menuButton);
    await menuButton.click();
    await panel.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signed in, the menu offers Dashboard and Logout', async ({ page, request }) => {
    const account = await createAdminAccount(request, 'Milo Mobile');
    await openSignedIn(page, account);
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    const panel = page.locator(`#${await menuButton.getAttribute('aria-controls')}`);
    await expect(panel).toContainText('Signed in as Milo Mobile');
    await expect(panel.getByRole('link')).toHaveText(['Features', 'Pricing', 'Dashboard']);
    await panel.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await menuButton.click();
    await expect(panel.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });
});

test.describe('the legal pages', () => {
  for (const { path: legalPath, title } of LEGAL_PAGES) {
    test(`${title} shows its content, the date, the GDPR rights and the contacts`, async ({ page, baseURL }) => {
      await page.goto(legalPath);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(`${title} · Teamfolk`);
      await expect(page.getByText('Last updated: December 2024')).toBeVisible();
      const rights = page.getByRole('region', { name: 'Your rights under the GDPR' });
      for (const right of GDPR_RIGHTS) await expect(rights.getByText(right, { exact: true })).toBeVisible();
      const contact = page.getByRole('region', { name: 'Contact us' });
      await expect(contact.getByRole('link', { name: 'privacy@teamfolk.com' })).toHaveAttribute(
        'href',
        'mailto:privacy@teamfolk.com',
      );
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${legalPath}`);
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).not.toHaveCount(0);
    });
  }

  test('carry the commitments the product makes', async ({ page }) => {
    await page.goto('/terms-of-service');
    await expect(page.getByRole('main')).toContainText('99.9% uptime');
    await expect(page.getByRole('main')).toContainText('deleted permanently 30 days after the subscription ends');
    await page.goto('/privacy-policy');
    for (const processor of ['Stripe, our payment provider', 'Our e-mail delivery provider']) {
      await expect(page.getByRole('main')).toContainText(processor);
    }
  });

  test('are reached from the landing page footer, and their top bar leads back to the sections', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Policy' }).click();
    await expect(page).toHaveURL(/\/cookie-policy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookie Policy');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expectAtTopOfViewport(page.locator('#pricing'));
  });
});

test.describe('route failures', () => {
  test('an unknown address shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await page.getByRole('button', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a page that fails to load shows the error page', async ({ page }) => {
    await page.route('**/assets/LoginPage-*.js', (route) => route.abort());
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Application Error' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload page' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});
