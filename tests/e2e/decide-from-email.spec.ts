import { teamTexts } from '@teamfolk/shared';
import { expect, test } from './support/fixtures';
import { createTeam } from './support/team';

/** A Monday at least two weeks ahead, as YYYY-MM-DD. */
function mondayAhead(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 14);
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

test('an admin decides a request from the e-mail’s Approve button; the used link then says so', async ({
  page,
  request,
  baseURL,
  mailbox,
}) => {
  const team = await createTeam();
  const signedIn = await request.post(`${baseURL}/api/auth/login`, {
    data: { email: team.employee.email, password: team.employee.password },
  });
  const { token } = (await signedIn.json()) as { token: string };
  const day = mondayAhead();
  const submitted = await request.post(`${baseURL}/api/leaves`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { start_date: day, end_date: day, request_type: 'vacation', leave_type: 'full_day' },
  });
  expect(submitted.status()).toBe(201);

  const mail = await mailbox.waitFor(team.admin.email, /Leave request from Emil Employee/);
  const approve = /Approve: (\S+)/.exec(mail.text)?.[1];
  expect(approve).toContain('/decide/');

  await page.goto(new URL(new URL(approve!).pathname, baseURL).toString());
  await expect(page.getByRole('heading', { name: `${teamTexts.decisionPageHeading}: Emil Employee` })).toBeVisible();
  await expect(page.getByText(`${teamTexts.decisionPageBalanceAfter}: 24`)).toBeVisible();
  await expect(page.getByText(teamTexts.decisionPageNobodyOut)).toBeVisible();
  await page.getByRole('button', { name: teamTexts.decisionPageApprove }).click();
  await expect(page.getByRole('heading', { name: teamTexts.decisionPageDone })).toBeVisible();

  await page.reload();
  await expect(page.getByText(teamTexts.decisionLinkUsed)).toBeVisible();
  await expect(page.getByRole('link', { name: teamTexts.decisionLinkOpenConsole })).toBeVisible();
});
