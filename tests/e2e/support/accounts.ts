import type { APIRequestContext, Page } from '@playwright/test';
import { TOKEN_STORAGE_KEY, type SessionReply } from '@teamfolk/shared/contracts';
import { expect, uniqueEmail } from './fixtures';

export interface AdminAccount {
  name: string;
  email: string;
  token: string;
}

export interface SignUpForm {
  email: string;
  password: string;
  /** The password typed again; the password by default. */
  confirmation?: string;
  companyName?: string;
  name?: string;
}

/** Fills in the sign-up page's form and sends it. */
export async function submitSignUpForm(
  page: Page,
  { email, password, confirmation = password, companyName = 'Northwind Bakery', name = 'Nora North' }: SignUpForm,
): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Company Name').fill(companyName);
  await page.getByLabel('Your Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(confirmation);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Signs a new company up and signs its admin in through the API, for specs about what a signed-in user sees. */
export async function createAdminAccount(request: APIRequestContext, name = 'Nora North'): Promise<AdminAccount> {
  const email = uniqueEmail('admin');
  const password = 'a strong password';
  const signup = await request.post('/api/auth/signup', {
    data: { email, password, name, companyName: 'Northwind Bakery' },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as SessionReply;
  return { name, email, token };
}

/** Opens `path` signed in as the account, the way a returning visitor with a stored session arrives. */
export async function openSignedIn(page: Page, account: AdminAccount, path = '/'): Promise<void> {
  await page.goto('/');
  await page.evaluate(({ key, token }) => localStorage.setItem(key, token), {
    key: TOKEN_STORAGE_KEY,
    token: account.token,
  });
  await page.goto(path);
}
