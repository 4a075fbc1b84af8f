import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { createAdminAccount, openSignedIn } from './support/accounts';
import { expect, signIn, test } from './support/fixtures';

const PASSWORD = 'a strong password';

/** The authenticator app: the code of the current 30-second step, or of the next one. */
function codeFor(secret: string, step: 0 | 1 = 0): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + step * 30 });
}

/** axe-core's serious and critical findings on the page as it is now (as in accessibility.spec.ts). */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id, nodes }) => `${id}: ${nodes.map(({ target }) => target.join(' ')).join(', ')}`);
}

/** Password, then a recovery code in place of the app's code. */
async function signInWithRecoveryCode(page: Page, email: string, recoveryCode: string) {
  await signIn(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('an admin turns on two-step sign-in, then signs in with a code from the app or a recovery code', async ({
  page,
  request,
}) => {
  // The whole journey: enrolment, three sign-ins and turning it off.
  test.setTimeout(120_000);
  const account = await createAdminAccount(request);
  await openSignedIn(page, account, '/dashboard');
  await page.getByRole('link', { name: 'Account security' }).click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await expect(page.getByRole('heading', { name: 'Account security' })).toBeVisible();

  const card = page.getByRole('region', { name: 'Two-step sign-in' });
  await card.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(card.getByRole('img', { name: 'QR code to add Teamfolk to your authenticator app' })).toBeVisible();
  const secret = (await card.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await seriousViolations(page)).toEqual([]);

  const codeField = card.getByLabel('6-digit code from the app');
  await codeField.fill('000000' === codeFor(secret) ? '111111' : '000000');
  await card.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(
    card.getByText('That code is not valid. Enter the current code from your authenticator app.'),
  ).toBeVisible();
  await codeField.fill(codeFor(secret));
  await card.getByRole('button', { name: 'Verify and turn on' }).click();

  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  // The confirmation's notice fades in; axe would judge its contrast mid-animation.
  const notice = page.locator('.MuiSnackbarContent-root');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveCSS('opacity', '1');
  expect(await seriousViolations(page)).toEqual([]);
  const recoveryCodes = await codes.allTextContents();
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('teamfolk-recovery-codes.txt');
  const done = card.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await card.getByLabel('I have saved my recovery codes').check();
  await done.click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByText('10 unused recovery codes left.')).toBeVisible();

  // The tab carries on with the session the server issued when the second step was turned on.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account security' })).toBeVisible();
  await logout(page);

  // The password alone now leads to the code step.
  await signIn(page, account.email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Authentication code').fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await logout(page);

  // Without the phone: a recovery code, which works once.
  await signInWithRecoveryCode(page, account.email, recoveryCodes[0]!);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await logout(page);

  await signInWithRecoveryCode(page, account.email, recoveryCodes[0]!);
  await expect(page.getByText(/That code is not valid/)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Turning it off asks for the password and a code, in a dialog.
  await page.getByLabel('Recovery code').fill(recoveryCodes[1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('link', { name: 'Account security' }).click();
  await expect(card.getByText('8 unused recovery codes left.')).toBeVisible();
  await card.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off two-step sign-in?' });
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByLabel('Code or recovery code').fill(recoveryCodes[2]!);
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Turn on two-step sign-in' })).toBeVisible();
});

test('a signed-in user changes the password: the old one stops working, this tab stays signed in', async ({
  page,
  request,
}) => {
  // A password change, a reload and three sign-ins: argon2id on each, slow on a busy machine.
  test.setTimeout(60_000);
  const account = await createAdminAccount(request);
  await openSignedIn(page, account, '/dashboard/account');
  const card = page.getByRole('region', { name: 'Change password' });
  const passwordCalls: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/auth/password')) passwordCalls.push(sent.method());
  });

  await card.getByLabel('Current password').fill(PASSWORD);
  await card.getByLabel('New password', { exact: true }).fill('a fresh passphrase');
  await card.getByLabel('Confirm new password').fill('a different one');
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByText('Passwords do not match')).toBeVisible();
  expect(passwordCalls).toEqual([]);

  await card.getByLabel('Current password').fill('not my password');
  await card.getByLabel('Confirm new password').fill('a fresh passphrase');
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByText('The current password is not correct.')).toBeVisible();

  await card.getByLabel('Current password').fill(PASSWORD);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Your password has been changed. Your other sessions have been signed out.'),
  ).toBeVisible();
  await expect(card.getByLabel('Current password')).toHaveValue('');

  // The token the browser started with has ended; the tab holds the new one.
  const oldToken = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${account.token}` } });
  expect(oldToken.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account security' })).toBeVisible();
  await logout(page);

  await signIn(page, account.email, PASSWORD);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signIn(page, account.email, 'a fresh passphrase');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
});
