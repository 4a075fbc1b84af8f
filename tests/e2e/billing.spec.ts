import type { Page } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '@teamfolk/shared/contracts';
import {
  createVerifiedAdmin,
  DECLINED_CARD,
  expectNoSeriousAxeViolations,
  openBilling,
  PAYING_CARD,
  payOnLocalCheckout,
  SECOND_CARD,
  subscribeThroughCheckout,
} from './support/billing';
import { submitSignUpForm } from './support/accounts';
import { expect, linkIn, signIn, test, uniqueEmail } from './support/fixtures';
import { createTeam } from './support/team';

const PASSWORD = 'a strong password';

async function addEmployee(page: Page, name: string, email: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Employees' }).click();
  await page.getByRole('button', { name: 'Add Employee' }).click();
  await page.getByRole('dialog', { name: 'Add a paid seat' }).getByRole('button', { name: 'Continue' }).click();
  const form = page.getByRole('dialog', { name: 'Add Employee' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Add Employee' }).click();
  await expect(page.getByText('First employee requires payment setup')).toBeVisible();
}

const pendingEmployee = (page: Page) => page.evaluate(() => sessionStorage.getItem('pendingEmployeeData'));

test('a new admin pays for the first employee on the local checkout and the employee is created', async ({
  page,
  mailbox,
}) => {
  test.setTimeout(90_000);
  const adminEmail = uniqueEmail('founder');
  await submitSignUpForm(page, { email: adminEmail, password: PASSWORD });
  await page.goto(linkIn(await mailbox.waitFor(adminEmail, /Verify your email/)));
  await expect(page.getByText('Email Verified Successfully!')).toBeVisible();
  await signIn(page, adminEmail, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  const employeeEmail = uniqueEmail('felix');
  await addEmployee(page, 'Felix First', employeeEmail);
  await expect(page.getByText('Payment setup for Felix First')).toBeVisible();
  await payOnLocalCheckout(page, PAYING_CARD);

  await expect(page).toHaveURL(/\/dashboard\/billing\?success=true&session_id=cs_local_/);
  await expect(page.getByText('Redirecting to Employees...')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/employees$/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Employee added successfully and invitation email sent' }),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: /Felix First/ })).toBeVisible();
  expect(await pendingEmployee(page)).toBeNull();
  await mailbox.waitFor(employeeEmail, /invited to join Northwind Bakery/);

  await openBilling(page);
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('definition')).toHaveText([
    '1',
    '$2.00 / month',
    '$2.00',
    /^\w{3} \d{1,2}, \d{4}$/,
    'Card on file',
  ]);

  await page.getByRole('tab', { name: 'Payment Methods' }).click();
  const visa = page.getByRole('listitem', { name: 'Visa •••• 4242' });
  await expect(visa.getByText('Default')).toBeVisible();
  await expect(visa.getByRole('button')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Billing History' }).click();
  await expectNoSeriousAxeViolations(page);
  const cycle = page.getByRole('row').nth(1);
  await expect(cycle.getByRole('cell')).toHaveText([/^\w+ \d{4}$/, '1', '$2.00', 'Paid', /\w{3} \d{1,2}, \d{4}/]);
});

test('a declined card shows the failure and the cancelled checkout returns to billing', async ({ page }) => {
  test.setTimeout(60_000);
  const admin = await createVerifiedAdmin();
  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  await addEmployee(page, 'Dana Declined', uniqueEmail('dana'));
  await payOnLocalCheckout(page, DECLINED_CARD);
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  expect(await pendingEmployee(page)).not.toBeNull();

  await page.getByRole('link', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL(/\/dashboard\/billing\?canceled=true$/);
  await expect(page.getByText('Payment canceled: nothing was charged.')).toBeVisible();
  // Already on billing: it does not claim to be returning there.
  expect(await page.getByText('Returning to billing...').count()).toBe(0);
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
  await expect(page.getByText('Payment canceled: nothing was charged.')).toBeVisible();
  expect(await pendingEmployee(page)).toBeNull();
  await expect(page.getByText('Not subscribed')).toBeVisible();
  await expect(page.getByText('Add employees before setting up billing')).toBeVisible();
});

test('an admin cancels at period end, reactivates, and an immediate cancellation closes the product', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { admin } = await createTeam();
  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await openBilling(page);
  await expect(
    page.getByText('1 seat at $2.00 per month: $2.00 charged today for the first month, then $2.00 every month.'),
  ).toBeVisible();
  await subscribeThroughCheckout(page);
  await expect(page.getByText('Active', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await page.getByRole('menuitem', { name: 'Cancel Subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
  await expect(dialog.getByRole('radio', { name: /At the end of the billing period/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(page.getByText('Cancels at period end')).toBeVisible();
  await expect(
    page.getByRole('tabpanel').getByText('Your subscription will be canceled at the end of the billing period'),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
  await expect(page.getByText('Subscription reactivated successfully')).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();

  // A change made elsewhere shows up without a reload: the screen polls every 5 seconds.
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);
  const canceledElsewhere = await page.request.post('/api/billing/cancel-subscription', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(canceledElsewhere.ok()).toBe(true);
  await expect(page.getByText('Cancels at period end')).toBeVisible({ timeout: 8_000 });
  await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await page.getByRole('menuitem', { name: 'Cancel Subscription' }).click();
  await dialog.getByRole('radio', { name: /Immediately/ }).check();
  await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(page.getByText('Your subscription has been canceled')).toBeVisible();
  await expect(page.getByText('Subscription expired. Access restricted.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeVisible();

  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByText('Subscription expired. Access restricted.').first()).toBeVisible();
  await expect
    .poll(() => warnings)
    .toEqual(
      expect.arrayContaining([
        'Subscription expired. Access restricted.',
        'Please contact an administrator to reactivate the subscription.',
      ]),
    );
});

test('cards are added on the hosted card page, made the default and removed after confirming', async ({ page }) => {
  test.setTimeout(60_000);
  const { admin } = await createTeam();
  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await openBilling(page);
  await subscribeThroughCheckout(page);

  await page.getByRole('tab', { name: 'Payment Methods' }).click();
  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  await payOnLocalCheckout(page, SECOND_CARD, 'Save card');
  await expect(page.getByText('Payment method added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
  await expect(page.getByRole('tab', { name: 'Payment Methods' })).toHaveAttribute('aria-selected', 'true');

  const visa = page.getByRole('listitem', { name: 'Visa •••• 4242' });
  const mastercard = page.getByRole('listitem', { name: 'Mastercard •••• 4444' });
  await expect(visa.getByText('Default')).toBeVisible();
  await expect(visa.getByRole('button', { name: 'Remove Visa •••• 4242' })).toHaveCount(0);
  await expect(mastercard.getByRole('button', { name: 'Remove Mastercard •••• 4444' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await mastercard.getByRole('button', { name: 'Make Default' }).click();
  await expect(page.getByText('Default payment method updated successfully')).toBeVisible();
  await expect(mastercard.getByText('Default')).toBeVisible();

  await visa.getByRole('button', { name: 'Remove Visa •••• 4242' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this card?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Payment method removed successfully')).toBeVisible();
  await expect(visa).toBeHidden();
  await expect(mastercard.getByRole('button', { name: /Remove/ })).toHaveCount(0);
});

test('a confirmation the API refuses is explained and the admin is taken back to billing', async ({ page }) => {
  const { admin } = await createTeam();
  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  await page.goto('/dashboard/billing?success=true&session_id=cs_local_unknown');
  await expect(page.getByText('Checkout session not found')).toBeVisible();
  await expect(page.getByText('Returning to billing...')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
  await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeVisible();

  // The session ended while the admin was paying: the API answers 401 to the confirmation.
  await page.route('**/api/billing/payment-success', (route) =>
    route.fulfill({ status: 401, json: { message: 'Your session has ended. Please sign in again.' } }),
  );
  await page.goto('/dashboard/billing?success=true&session_id=cs_local_expired');
  await expect(
    page.getByText('Authentication failed. Please log in again and try to complete the payment process.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
});
