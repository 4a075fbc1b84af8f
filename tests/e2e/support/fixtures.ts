import { test as base, expect, type Page } from '@playwright/test';

interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
}

/** Reads the product's development mail sink. */
export interface Mailbox {
  waitFor(recipient: string, subject?: RegExp): Promise<CapturedMail>;
}

interface Fixtures {
  mailbox: Mailbox;
}

export const test = base.extend<Fixtures>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const baseUrl = process.env.E2E_BASE_URL;
    if (!baseUrl) throw new Error('E2E_BASE_URL is not set: run the specs through playwright.config.ts');
    await use(baseUrl);
  },
  mailbox: async ({ request, baseURL }, use) => {
    await use({
      async waitFor(recipient, subject) {
        let found: CapturedMail | undefined;
        await expect
          .poll(
            async () => {
              const mails = (await (await request.get(`${baseURL}/dev/mail`)).json()) as CapturedMail[];
              found = mails.find((mail) => mail.to.includes(recipient) && (!subject || subject.test(mail.subject)));
              return Boolean(found);
            },
            { message: `an e-mail to ${recipient}`, timeout: 15_000 },
          )
          .toBe(true);
        return found as CapturedMail;
      },
    });
  },
});

export { expect };

export function linkIn(mail: CapturedMail): string {
  const link = /https?:\/\/[^\s<>"']+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No link in the e-mail "${mail.subject}"`);
  return link;
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
