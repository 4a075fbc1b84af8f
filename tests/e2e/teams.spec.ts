import type { Browser, Locator, Page } from '@playwright/test';
import { Employee, User } from '@teamfolk/shared';
import { hashPassword } from '@teamfolk/services';
import { expect, signIn, test, uniqueEmail } from './support/fixtures';
import { writeCompanyWithPeople, type TeamMember } from './support/team';

const DAY_MS = 86_400_000;
const PASSWORD = 'a strong password';

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Monday and Wednesday of a week at least a week away: no weekend inside, no date past. */
function workingWeek() {
  const monday = new Date();
  monday.setHours(12, 0, 0, 0);
  monday.setDate(monday.getDate() + 7);
  while (monday.getDay() !== 1) monday.setDate(monday.getDate() + 1);
  return { monday: isoDay(monday), wednesday: isoDay(new Date(monday.getTime() + 2 * DAY_MS)) };
}

interface SupportCompany {
  admin: TeamMember;
  emil: TeamMember;
  mia: TeamMember;
  ava: TeamMember;
}

/** A company with its admin and three employees who have joined: Emil, Mia and Ava, who will approve. */
async function writeSupportCompany(): Promise<SupportCompany> {
  const person = (name: string, label: string) => ({ name, email: uniqueEmail(label), password: PASSWORD });
  const company = {
    admin: person('Alma Admin', 'teams-admin'),
    emil: person('Emil Employee', 'teams-emil'),
    mia: person('Mia Member', 'teams-mia'),
    ava: person('Ava Approver', 'teams-ava'),
  };
  const hash = await hashPassword(PASSWORD);
  await writeCompanyWithPeople(
    { companyName: 'Harbour Support', admin: company.admin, employee: company.emil },
    async (transaction, companyId) => {
      for (const { name, email } of [company.mia, company.ava]) {
        const user = await User.create(
          { companyId, emailVerifiedAt: new Date(), passwordHash: hash, role: 'employee', name, email },
          { transaction },
        );
        await Employee.create({ companyId, userId: user.id, name, email }, { transaction });
      }
    },
  );
  return company;
}

async function openSignedIn(browser: Browser, baseURL: string, member: TeamMember, heading: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await signIn(page, member.email, member.password);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  return page;
}

async function openMenu(page: Page, item: string) {
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: item }).click();
  await expect(page.getByRole('heading', { name: item, exact: true })).toBeVisible();
}

async function fillLeaveDates(page: Page, start: string, end: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Submit Leave Request' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Submit Leave Request' });
  await dialog.getByLabel('Start Date').fill(start);
  await dialog.getByLabel('End Date').fill(end);
  return dialog;
}

async function submitLeave(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Leave request submitted successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('an admin makes a team with a cap of 1; the approver sees the conflict and approves over it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const company = await writeSupportCompany();
  const { monday, wednesday } = workingWeek();

  // The admin makes the team, then puts Emil and Mia in it from the employee form.
  const admin = await openSignedIn(browser, baseURL!, company.admin, 'Admin Dashboard');
  await openMenu(admin, 'Teams');
  await admin.getByRole('button', { name: 'Add team' }).first().click();
  const teamDialog = admin.getByRole('dialog', { name: 'Add team' });
  await teamDialog.getByLabel('Name').fill('Support');
  await teamDialog.getByLabel('Most away at once').fill('1');
  await teamDialog.getByLabel('Approvers').click();
  await admin.getByRole('option', { name: 'Ava Approver' }).click();
  await teamDialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Team created successfully')).toBeVisible();
  const teamRow = admin.getByRole('row', { name: /Support/ });
  await expect(teamRow).toContainText('Ava Approver');
  await expect(teamRow).toContainText('1 person');

  await openMenu(admin, 'Employees');
  for (const name of [company.emil.name, company.mia.name]) {
    await admin.getByRole('button', { name: `Edit ${name}` }).click();
    const employeeDialog = admin.getByRole('dialog', { name: 'Edit Employee' });
    await employeeDialog.getByRole('combobox', { name: 'Team' }).click();
    await admin.getByRole('option', { name: 'Support' }).click();
    await employeeDialog.getByRole('button', { name: 'Save' }).click();
    await expect(employeeDialog).toBeHidden();
    await expect(admin.getByRole('row', { name: new RegExp(name) })).toContainText('Support');
  }
  await openMenu(admin, 'Teams');
  await expect(admin.getByRole('row', { name: /Support/ })).toContainText('Emil Employee and Mia Member');

  // Emil asks for three days; Ava, the team's approver, approves them: nobody else is out.
  const emil = await openSignedIn(browser, baseURL!, company.emil, 'Employee Dashboard');
  await openMenu(emil, 'Leave Requests');
  await submitLeave(emil, await fillLeaveDates(emil, monday, wednesday));

  const ava = await openSignedIn(browser, baseURL!, company.ava, 'Employee Dashboard');
  await openMenu(ava, 'Leave Requests');
  await ava.getByRole('button', { name: 'Approve the leave request of Emil Employee' }).click();
  await expect(ava.getByText('Leave request approved successfully')).toBeVisible();
  await expect(ava.getByRole('row', { name: /Emil Employee/ })).toContainText('Approved');

  // Mia asks for the same days: the dialog warns before she sends it; she sends it anyway.
  const mia = await openSignedIn(browser, baseURL!, company.mia, 'Employee Dashboard');
  await openMenu(mia, 'Leave Requests');
  const miaDialog = await fillLeaveDates(mia, monday, wednesday);
  await expect(miaDialog.getByRole('alert')).toContainText('Emil Employee is already out; the team allows 1');
  await expect(miaDialog).toContainText('Also out then: Emil Employee');
  await submitLeave(mia, miaDialog);

  // Ava finds it under 'To decide', sees who else is out, and approves over the cap after confirming.
  await ava.reload();
  await ava.getByLabel('To decide').check();
  const miaRow = ava.getByRole('row', { name: /Mia Member/ });
  await expect(miaRow).toContainText('Pending');
  await expect(ava.getByRole('row', { name: /Emil Employee/ })).toHaveCount(0);
  await miaRow.getByRole('button', { name: 'Who else is out during the leave of Mia Member' }).click();
  const details = ava.getByRole('dialog', { name: /Who else is out/ });
  await expect(details.getByRole('list', { name: 'Also out' })).toContainText('Emil Employee');
  await details.getByRole('button', { name: 'Close' }).click();

  await miaRow.getByRole('button', { name: 'Approve the leave request of Mia Member' }).click();
  const confirmation = ava.getByRole('dialog', { name: 'Over the team’s limit' });
  await expect(confirmation).toContainText('Approving this request takes the team over its limit');
  await expect(confirmation).toContainText('Emil Employee is already out');
  await expect(confirmation).toContainText('Approve anyway, over the team’s limit?');
  const override = ava.waitForRequest((request) => /\/api\/leaves\/\d+\/approve$/.test(request.url()));
  await confirmation.getByRole('button', { name: 'Approve anyway' }).click();
  expect((await override).postDataJSON()).toEqual({ approved: true, override: true });
  await expect(ava.getByText('Leave request approved successfully')).toBeVisible();
  await ava.getByLabel('To decide').uncheck();
  await expect(ava.getByRole('row', { name: /Mia Member/ })).toContainText('Approved');
});
