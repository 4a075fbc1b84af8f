import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { Company, User } from '@teamfolk/shared';
import { hashPassword } from '@teamfolk/services';
import { expect, uniqueEmail } from './fixtures';
import { withE2eDatabase } from './database';

export const PAYING_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';
export const SECOND_CARD = '5555 5555 5555 4444';

export interface VerifiedAdmin {
  email: string;
  password: string;
}

/** A company with a verified admin and nobody else, so that its first employee goes through checkout. */
export async function createVerifiedAdmin(): Promise<VerifiedAdmin> {
  const admin = { email: uniqueEmail('billing-admin'), password: 'a strong password' };
  const passwordHash = await hashPassword(admin.password);
  await withE2eDatabase(async (sequelize) => {
    await sequelize.transaction(async (transaction) => {
      const company = await Company.create({ name: 'Harbour Cafe' }, { transaction });
      await User.create(
        {
          companyId: company.id,
          passwordHash,
          emailVerifiedAt: new Date(),
          role: 'admin',
          name: 'Bea Billing',
          email: admin.email,
        },
        { transaction },
      );
    });
  });
  return admin;
}

export async function openBilling(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
  await expect(page.getByRole('heading', { name: 'Your Subscription' })).toBeVisible();
}

/** The local payments mode's hosted page (served by the API, shaped like Stripe Checkout). */
export async function payOnLocalCheckout(
  page: Page,
  cardNumber: string,
  button: 'Pay' | 'Save card' = 'Pay',
  expiry = '12 / 34',
) {
  await expect(page).toHaveURL(/\/dev\/checkout\/cs_local_/);
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry').fill(expiry);
  await page.getByRole('button', { name: button }).click();
}

/** Subscribe Now on the billing screen, paid with the test card that always works. */
export async function subscribeThroughCheckout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(page.getByText('Redirecting to secure checkout...')).toBeVisible();
  await payOnLocalCheckout(page, PAYING_CARD);
  await expect(page.getByText('Subscription activated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
}

/** axe-core on the billing screen as it is now, in a state the dashboard-wide accessibility spec does not reach. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id, nodes }) => `${id}: ${nodes.map(({ target }) => target.join(' ')).join(', ')}`);
  expect(serious, `axe-core on ${page.url()}`).toEqual([]);
}
