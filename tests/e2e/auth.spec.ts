import type { Page } from '@playwright/test';
import { submitSignUpForm } from './support/accounts';
import { expect, linkIn, signIn, test, uniqueEmail, type Mailbox } from './support/fixtures';
import { inviteEmployee } from './support/invitations';

const PASSWORD = 'a strong password';

async function signUp(page: Page, email: string, confirmation = PASSWORD, password = PASSWORD) {
  await submitSignUpForm(page, { email, password, confirmation });
}

/** A new admin who followed the e-mailed link, signed in on the dashboard. */
async function signUpVerifyAndSignIn(page: Page, mailbox: Mailbox, email: string) {
  await signUp(page, email);
  await page.goto(linkIn(await mailbox.waitFor(email, /Verify your email/)));
  await expect(page.getByText('Email Verified Successfully!')).toBeVisible();
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

test('an admin signs up, verifies the e-mail from the inbox and reaches the admin dashboard', async ({
  page,
  mailbox,
}) => {
  // The Content-Security-Policy lets the whole journey through: the browser reports no violation.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const email = uniqueEmail('owner');
  await signUp(page, email);
  await expect(page.getByText('Please check your email to verify your account.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Go to Login' })).toBeVisible();

  const mail = await mailbox.waitFor(email, /Verify your email/);
  await page.goto(linkIn(mail));
  await expect(page.getByText('Email Verified Successfully!')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Administrator')).toBeVisible();
  await expect(page.getByText(/Welcome back/)).toContainText('Nora North');
  const menu = page.getByRole('navigation', { name: 'Dashboard navigation' });
  for (const item of ['Dashboard', 'Leave Requests', 'Calendar', 'Employees', 'Billing']) {
    await expect(menu.getByRole('link', { name: item })).toBeVisible();
  }
  await expect(page.getByText(/Email Verification Required/)).toHaveCount(0);

  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await loggedOut).status()).toBe(200);
  // Logging out ends the session on the server: the token that was in the browser no longer works.
  const me = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(violations).toEqual([]);
});

test('sign-up refuses a short or common password with the server message', async ({ page }) => {
  await signUp(page, uniqueEmail('weak'), 'short', 'short');
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await signUp(page, uniqueEmail('common'), 'Password1', 'Password1');
  await expect(page.getByText('This password is too common. Please choose another one.')).toBeVisible();
  await expect(page.getByText('Please check your email to verify your account.')).toHaveCount(0);
});

test('a verification link works once', async ({ page, mailbox }) => {
  const email = uniqueEmail('twice');
  await signUp(page, email);
  const link = linkIn(await mailbox.waitFor(email, /Verify your email/));
  await page.goto(link);
  await expect(page.getByText('Email Verified Successfully!')).toBeVisible();
  await page.goto(link);
  await expect(page.getByText('Verification Failed')).toBeVisible();
  await expect(page.getByText('This verification link has already been used. You can sign in.')).toBeVisible();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('mismatched passwords are caught before anything is sent', async ({ page }) => {
  const signupCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/signup')) signupCalls.push(request.url());
  });
  await signUp(page, uniqueEmail('mismatch'), 'something else');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  expect(signupCalls).toEqual([]);
});

test('an unverified admin signs in, sees the banner and can resend the link', async ({ page, mailbox }) => {
  const email = uniqueEmail('unverified');
  await signUp(page, email);
  await mailbox.waitFor(email, /Verify your email/);
  await signIn(page, email, PASSWORD);
  await expect(page.getByText(/Email Verification Required - Please verify your email address/)).toBeVisible();
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Verification email sent successfully! Please check your inbox.')).toBeVisible();
});

test('wrong credentials show the server message', async ({ page }) => {
  await signIn(page, uniqueEmail('nobody'), 'not the password');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('an invited person creates an account and lands on the employee dashboard', async ({ page, mailbox, baseURL }) => {
  const email = uniqueEmail('invitee');
  await inviteEmployee(baseURL!, { name: 'Ivan Invitee', email });
  const mail = await mailbox.waitFor(email, /invited to join Harbour Cafe/);

  await page.goto(linkIn(mail));
  await expect(page.getByText('Hello, Ivan Invitee')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  const submit = page.getByRole('button', { name: 'Create Account & Login' });
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await expect(submit).toBeDisabled();
  // Six characters are enough, but not the most common password there is: the server says so.
  await page.getByLabel('Password', { exact: true }).fill('123456');
  await page.getByLabel('Confirm Password').fill('123456');
  await submit.click();
  await expect(page.getByText('This password is too common. Please choose another one.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('tulip9');
  await page.getByLabel('Confirm Password').fill('tulip9');
  await submit.click();

  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await expect(page.getByRole('heading', { name: 'Employee Dashboard' })).toBeVisible();
  await expect(page.getByText('Employee', { exact: true })).toBeVisible();
  await expect(page.getByText('Your Balance Overview')).toBeVisible();
  await expect(page.getByText(/22 days/).first()).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Dashboard navigation' });
  await expect(menu.getByRole('link', { name: 'Leave Requests' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Employees' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Billing' })).toHaveCount(0);

  await page.goto(linkIn(mail));
  await expect(page.getByText('Invalid Invitation')).toBeVisible();
});

test('an unknown invitation link says so and offers the way home', async ({ page }) => {
  await page.goto(`/invitation/${'x'.repeat(43)}`);
  await expect(page.getByText('Invalid Invitation')).toBeVisible();
  await page.getByRole('button', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the dashboard menu lives in a drawer', async ({ page, mailbox }) => {
    const email = uniqueEmail('phone');
    await signUpVerifyAndSignIn(page, mailbox, email);
    const menu = page.getByRole('navigation', { name: 'Dashboard navigation' });
    await expect(menu.getByRole('link', { name: 'Employees' })).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await menu.getByRole('link', { name: 'Employees' }).click();
    await expect(page).toHaveURL(/\/dashboard\/employees$/);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
  });
});

test('narrowing a signed-in window to phone width keeps the page usable and readable by screen readers', async ({
  page,
  mailbox,
}) => {
  const email = uniqueEmail('resize');
  await signUpVerifyAndSignIn(page, mailbox, email);

  await page.setViewportSize({ width: 375, height: 740 });
  const menu = page.getByRole('navigation', { name: 'Dashboard navigation' });
  await expect(menu.getByRole('link', { name: 'Employees' })).toBeHidden();
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await expect(menu.getByRole('link', { name: 'Employees' })).toBeVisible();
});
