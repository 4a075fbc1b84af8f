import { readFile } from 'node:fs/promises';
import { privacyTexts } from '@teamfolk/shared/contracts';
import { expect, signIn, test } from './support/fixtures';
import { createTeam } from './support/team';

test('an admin asks for a copy of the company data and downloads it as a zip', async ({ page, mailbox }) => {
  const { admin } = await createTeam();
  await signIn(page, admin.email, admin.password);
  await page.getByRole('link', { name: 'Account security' }).click();
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();

  const companyData = page.getByRole('region', { name: 'Company data' });
  await companyData.getByRole('button', { name: 'Download company data' }).click();
  const save = companyData.getByRole('button', { name: 'Save zip file' });
  await expect(save).toBeVisible({ timeout: 30_000 });
  await expect(companyData.getByText(/The download works until/)).toBeVisible();

  const downloading = page.waitForEvent('download');
  await save.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^teamfolk-company-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readFile(await download.path());
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');

  const mail = await mailbox.waitFor(admin.email, /data export is ready/);
  expect(mail.text).toContain('/dashboard/account');
});

test('an admin removes an employee, then erases their personal data after confirming', async ({ page }) => {
  const { admin, employee } = await createTeam();
  await signIn(page, admin.email, admin.password);
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Employees' }).click();

  const row = page.getByRole('row', { name: new RegExp(employee.name) });
  await row.getByRole('button', { name: `Delete ${employee.name}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${employee.name}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Employee deleted successfully')).toBeVisible();

  await page.getByRole('link', { name: 'Former employees' }).first().click();
  await expect(page.getByRole('heading', { name: 'Former employees', level: 2 })).toBeVisible();
  const former = page.getByRole('list', { name: 'Former employees' }).getByRole('listitem').filter({
    hasText: employee.name,
  });
  await former.getByRole('button', { name: 'Erase personal data' }).click();

  const confirm = page.getByRole('dialog', { name: `Erase the personal data of ${employee.name}?` });
  await expect(confirm).toContainText('This cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(former).toBeVisible();

  await former.getByRole('button', { name: 'Erase personal data' }).click();
  await confirm.getByRole('button', { name: 'Erase permanently' }).click();
  await expect(page.getByText(privacyTexts.erased)).toBeVisible();
  await expect(former).toBeHidden();
  await expect(page.getByText('No former employees: everyone you removed has been erased.')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the data download and the former employees fit the screen', async ({ page, request }) => {
    const { admin, employee } = await createTeam();
    const login = await request.post('/api/auth/login', { data: { email: admin.email, password: admin.password } });
    const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const [hired] = (await (await request.get('/api/employees', { headers })).json()) as Array<{ id: number }>;
    expect((await request.delete(`/api/employees/${hired!.id}`, { headers })).ok()).toBe(true);
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

    await signIn(page, admin.email, admin.password);
    await page.getByRole('link', { name: 'Account security' }).click();
    const companyData = page.getByRole('region', { name: 'Company data' });
    await expect(companyData.getByRole('button', { name: 'Download company data' })).toBeVisible();
    expect(await pageWidth()).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page
      .getByRole('navigation', { name: 'Dashboard navigation' })
      .getByRole('link', { name: 'Employees' })
      .click();
    await page.getByRole('link', { name: 'Former employees' }).first().click();
    const former = page.getByRole('list', { name: 'Former employees' }).getByRole('listitem').filter({
      hasText: employee.name,
    });
    await expect(former.getByRole('button', { name: 'Erase personal data' })).toBeVisible();
    expect(await pageWidth()).toBeLessThanOrEqual(375);
  });
});
