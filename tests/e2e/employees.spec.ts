import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { submitSignUpForm } from './support/accounts';
import { expect, linkIn, signIn, test, uniqueEmail } from './support/fixtures';
import { activateSubscription } from './support/subscriptions';

const PASSWORD = 'a strong password';

interface Mailbox {
  waitFor(recipient: string, subject?: RegExp): Promise<Parameters<typeof linkIn>[0]>;
}

async function signUpAdmin(page: Page): Promise<string> {
  const email = uniqueEmail('employer');
  await submitSignUpForm(page, { email, password: PASSWORD });
  await expect(page.getByText('Please check your email to verify your account.')).toBeVisible();
  return email;
}

/** A company admin who signed up through the console and verified the address from the e-mailed link. */
async function signUpVerifiedAdmin(page: Page, mailbox: Mailbox): Promise<string> {
  const email = await signUpAdmin(page);
  await page.goto(linkIn(await mailbox.waitFor(email, /Verify your email/)));
  await expect(page.getByText('Email Verified Successfully!')).toBeVisible();
  return email;
}

async function openEmployees(page: Page, adminEmail: string): Promise<void> {
  await signIn(page, adminEmail, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Employees' }).click();
  await expect(page).toHaveURL(/\/dashboard\/employees$/);
  await expect(page.getByRole('heading', { name: 'Employees', level: 2 })).toBeVisible();
}

/** Add → the billing-impact confirmation → the form dialog, left open for the caller to fill. */
async function startAddingEmployee(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Employee' }).click();
  const seats = page.getByRole('dialog', { name: 'Add a paid seat' });
  await expect(seats.getByText('New seat cost')).toBeVisible();
  await seats.getByRole('button', { name: 'Continue' }).click();
  const form = page.getByRole('dialog', { name: 'Add Employee' });
  await expect(form).toBeVisible();
  return form;
}

test('an admin adds an employee, edits them, changes their balances and deletes them', async ({ page, mailbox }) => {
  test.setTimeout(60_000);
  const adminEmail = await signUpVerifiedAdmin(page, mailbox);
  await activateSubscription(adminEmail);
  await openEmployees(page, adminEmail);
  await expect(page.getByText('No employees yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add Employee' }).click();
  const seats = page.getByRole('dialog', { name: 'Add a paid seat' });
  // A running subscription: the seat is charged from the next bill, nothing today.
  await expect(seats.getByRole('definition')).toHaveText(['0', '$0.00', '$2.00', '$2.00', '$0.00']);
  await seats.getByRole('button', { name: 'Continue' }).click();

  const employeeEmail = uniqueEmail('maria');
  const form = page.getByRole('dialog', { name: 'Add Employee' });
  await expect(form.getByLabel('Vacation Days Total')).toHaveValue('25');
  await expect(form.getByLabel('Sick Days Total')).toHaveValue('10');
  await form.getByLabel('Name').fill('Maria Lopez');
  await form.getByLabel('Email').fill(employeeEmail);
  await form.getByLabel('Role').fill('Barista');
  await form.getByLabel('Hire Date').fill('2024-03-05');
  await form.getByLabel('Birthday').fill('');
  await form.getByLabel('Bank Hours Total').fill('8');
  await form.getByRole('button', { name: 'Add Employee' }).click();
  await expect(page.getByText('Employee added successfully and invitation email sent')).toBeVisible();
  await expect(form).toBeHidden();

  const row = page.getByRole('row', { name: /Maria Lopez/ });
  await expect(row.getByRole('cell')).toHaveText([
    /Maria Lopez/,
    employeeEmail,
    'Barista',
    'No team',
    'Mar 5, 2024',
    'Not set',
    '25/25',
    '10/10',
    '8.0/8.0',
    '',
  ]);
  await expect(row.getByText('Invited')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Resend invitation to Maria Lopez' })).toBeVisible();
  const invitation = await mailbox.waitFor(employeeEmail, /invited to join Northwind Bakery/);
  expect(linkIn(invitation)).toContain('/invitation/');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv.split('\n')[0]).toContain('name,email,role,hire_date,birthday');
  expect(csv).toContain(`Maria Lopez,${employeeEmail},Barista,2024-03-05,`);

  await page.getByPlaceholder('Search').fill('nobody-by-that-name');
  await expect(row).toBeHidden();
  await page.getByPlaceholder('Search').fill('maria');
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Edit Maria Lopez' }).click();
  const editForm = page.getByRole('dialog', { name: 'Edit Employee' });
  await expect(editForm.getByLabel('Email')).toHaveValue(employeeEmail);
  await editForm.getByLabel('Role').fill('Head Barista');
  await editForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Employee updated successfully')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Head Barista' })).toBeVisible();

  await row.getByRole('button', { name: 'Resend invitation to Maria Lopez' }).click();
  await expect(page.getByText('Invitation email sent again')).toBeVisible();

  await row.getByRole('button', { name: 'Manage balances of Maria Lopez' }).click();
  const balances = page.getByRole('dialog', { name: 'Manage Balances' });
  await balances.getByLabel('Vacation Days Used').fill('30');
  await balances.getByRole('button', { name: 'Save balances' }).click();
  await expect(balances.getByText('Used cannot be above the total')).toBeVisible();
  await balances.getByLabel('Vacation Days Used').fill('3');
  await balances.getByLabel('Sick Days Used').fill('12');
  await balances.getByLabel('Bank Hours Used').fill('2.5');
  await balances.getByRole('button', { name: 'Save balances' }).click();
  await expect(page.getByText('Employee balances updated successfully')).toBeVisible();
  await expect(balances).toBeHidden();
  await expect(row.getByRole('cell').nth(6)).toHaveText('22/25');
  await expect(row.getByRole('cell').nth(7)).toHaveText('-2/10');
  await expect(row.getByRole('cell').nth(8)).toHaveText('5.5/8.0');

  await page.setViewportSize({ width: 375, height: 740 });
  const card = page.getByRole('list', { name: 'Employee cards' }).getByRole('listitem', { name: 'Maria Lopez' });
  await expect(card).toContainText('Head Barista');
  await expect(card).toContainText('-2/10');
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await card.getByRole('button', { name: 'Delete Maria Lopez' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Maria Lopez?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Employee deleted successfully')).toBeVisible();
  await expect(card).toBeHidden();
});

test('a success message handed over by navigation is shown once', async ({ page, mailbox }) => {
  const adminEmail = await signUpVerifiedAdmin(page, mailbox);
  await openEmployees(page, adminEmail);
  // What navigate('/dashboard/employees', { state: { successMessage } }) leaves in the history entry.
  await page.evaluate(() =>
    history.replaceState({ usr: { successMessage: 'Payment received' }, key: 'paid', idx: 0 }, '', location.href),
  );
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment received' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Employees', level: 2 })).toBeVisible();
  await expect(page.getByText('Payment received')).toHaveCount(0);
});

test('an admin with an unverified e-mail learns before any form that adding waits, and resends the link', async ({
  page,
}) => {
  const adminEmail = await signUpAdmin(page);
  await openEmployees(page, adminEmail);
  await expect(page.getByText(/Email Verification Required - Please verify your email address/)).toBeVisible();

  await page.getByRole('button', { name: 'Add Employee' }).click();
  const explanation = page.getByRole('dialog', { name: 'Verify your e-mail first' });
  await expect(
    explanation.getByText('Please verify your email address first: use the link we sent you, or resend it.'),
  ).toBeVisible();
  await expect(explanation).toContainText(adminEmail);
  await expect(page.getByRole('dialog', { name: 'Add a paid seat' })).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Add Employee' })).toHaveCount(0);

  await explanation.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(explanation.getByText('Verification email sent successfully! Please check your inbox.')).toBeVisible();
  await explanation.getByRole('button', { name: 'Close' }).click();
  await expect(explanation).toBeHidden();
});

test('without a subscription the first employee goes to payment setup with the data entered', async ({
  page,
  mailbox,
}) => {
  const adminEmail = await signUpVerifiedAdmin(page, mailbox);
  await openEmployees(page, adminEmail);

  const form = await startAddingEmployee(page);
  const employeeEmail = uniqueEmail('first');
  await form.getByLabel('Name').fill('Felix First');
  await form.getByLabel('Email').fill(employeeEmail);
  await form.getByRole('button', { name: 'Add Employee' }).click();

  await expect(page.getByText('First employee requires payment setup')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/billing\?setup=first-employee$/);
  const pending = await page.evaluate(() => sessionStorage.getItem('pendingEmployeeData'));
  expect(JSON.parse(pending ?? '{}')).toMatchObject({
    name: 'Felix First',
    email: employeeEmail,
    vacation_days_total: 25,
    sick_days_total: 10,
    bank_hours_total: 0,
  });
});

test('a running subscription without a card sends the admin to billing', async ({ page, mailbox }) => {
  const adminEmail = await signUpVerifiedAdmin(page, mailbox);
  await activateSubscription(adminEmail, { defaultPaymentMethodId: null });
  await openEmployees(page, adminEmail);

  const form = await startAddingEmployee(page);
  await form.getByLabel('Name').fill('Lena Later');
  await form.getByLabel('Email').fill(uniqueEmail('later'));
  await form.getByRole('button', { name: 'Add Employee' }).click();

  await expect(page.getByText('Payment method required. Redirecting to billing...')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
});
