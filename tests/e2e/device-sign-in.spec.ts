import { DEVICE_TOKENS_STORAGE_KEY } from '@teamfolk/shared/contracts';
import type { Page } from '@playwright/test';
import { createAdminAccount } from './support/accounts';
import { expect, signIn, test } from './support/fixtures';

const PASSWORD = 'a strong password';

/** The device tokens the browser keeps, by e-mail address. */
const storedDeviceTokens = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, string>,
    DEVICE_TOKENS_STORAGE_KEY,
  );

test("the login page sends back the device token of the browser's last sign-in to the account", async ({
  page,
  request,
}) => {
  const account = await createAdminAccount(request);
  await signIn(page, account.email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  const first = (await storedDeviceTokens(page))[account.email];
  expect(first).toEqual(expect.any(String));

  // Kept through a sign-out: it is what lets this browser in while others' guesses lock the account.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  const login = page.waitForRequest((sent) => sent.method() === 'POST' && sent.url().endsWith('/api/auth/login'));
  await signIn(page, account.email.toUpperCase(), PASSWORD);
  expect((await login).postDataJSON()).toMatchObject({ deviceToken: first });
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  const renewed = (await storedDeviceTokens(page))[account.email];
  expect(renewed).toEqual(expect.any(String));
  expect(Object.keys(await storedDeviceTokens(page))).toEqual([account.email]);
});
