import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { Employee, LeaveRequest } from '@teamfolk/shared';
import { createCompanyWithLeave, type CalendarLeave } from './support/calendar';
import { submitSignUpForm } from './support/accounts';
import { expect, linkIn, signIn, test, uniqueEmail, type Mailbox } from './support/fixtures';
import { companyIdOf, withE2eDatabase } from './support/database';

const PASSWORD = 'a strong password';
const pad = (value: number) => String(value).padStart(2, '0');
const now = new Date();
const thisMonth = `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
const fullDate = (isoDate: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(Date.parse(`${isoDate}T00:00:00Z`));

/** An approved partial day of a new employee of the admin's company, 13:00 to 15:30 on the 14th of this month. */
async function addPartialDay(adminEmail: string): Promise<void> {
  await withE2eDatabase(async () => {
    const companyId = await companyIdOf(adminEmail);
    const person = await Employee.create({ companyId, name: 'Pat Partial', email: uniqueEmail('partial') });
    await LeaveRequest.create({
      companyId,
      employeeId: person.id,
      userId: null,
      employeeName: person.name,
      requestType: 'other',
      leaveType: 'partial_day',
      startDate: `${thisMonth}-14`,
      endDate: `${thisMonth}-14`,
      startTime: '13:00',
      endTime: '15:30',
      reason: null,
      daysCount: 0.3,
      hoursCount: 2.5,
      status: 'approved',
      createdBy: null,
    });
  });
}

async function signUpAndVerify(page: Page, mailbox: Mailbox): Promise<string> {
  const email = uniqueEmail('zoned');
  await submitSignUpForm(page, { email, password: PASSWORD, companyName: 'Hudson Harbor Books', name: 'Hana Hudson' });
  await expect(page.getByText('Please check your email to verify your account.')).toBeVisible();
  await page.goto(linkIn(await mailbox.waitFor(email, /Verify your email/)));
  await expect(page.getByText('Email Verified Successfully!')).toBeVisible();
  return email;
}

const BROWSERS = [
  {
    viewport: { width: 1280, height: 900 },
    timezoneId: 'America/New_York',
    locale: 'en-US',
    country: 'United States',
    code: 'US',
  },
  {
    viewport: { width: 375, height: 740 },
    timezoneId: 'Europe/London',
    locale: 'en-GB',
    country: 'United Kingdom',
    code: 'GB',
  },
];

for (const browser of BROWSERS) {
  test.describe(`a company signed up from a browser in ${browser.timezoneId}, at ${browser.viewport.width} px`, () => {
    test.use({ viewport: browser.viewport, timezoneId: browser.timezoneId, locale: browser.locale });

    test("takes the browser's time zone and country; partial days export at its wall-clock time", async ({
      page,
      mailbox,
    }) => {
      test.setTimeout(60_000);
      const email = await signUpAndVerify(page, mailbox);
      await addPartialDay(email);
      await signIn(page, email, PASSWORD);
      await expect(page).toHaveURL(/\/dashboard\/?$/);
      await page.goto('/dashboard/calendar');

      const settingsSummary = page.getByText(`Public holidays: ${browser.country} · Time zone: ${browser.timezoneId}`);
      await expect(settingsSummary).toBeVisible();
      await page.getByRole('button', { name: 'Calendar settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Calendar settings' });
      await expect(dialog.getByRole('combobox', { name: 'Country for public holidays' })).toHaveText(
        `${browser.country} (${browser.code})`,
      );
      await expect(dialog.getByRole('combobox', { name: 'Time zone' })).toHaveValue(browser.timezoneId);
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export iCal' }).click();
      const ical = await readFile(await (await downloading).path(), 'utf8');
      const day = `${thisMonth.replace('-', '')}14`;
      expect(ical).toContain(`BEGIN:VTIMEZONE\r\nTZID:${browser.timezoneId}\r\n`);
      expect(ical).toContain(`DTSTART;TZID=${browser.timezoneId}:${day}T130000\r\n`);
      expect(ical).toContain(`DTEND;TZID=${browser.timezoneId}:${day}T153000\r\n`);
    });
  });
}

const LEAVES: CalendarLeave[] = [
  {
    employeeName: 'Alice Archer',
    requestType: 'vacation',
    startDate: `${thisMonth}-10`,
    endDate: `${thisMonth}-11`,
    status: 'approved',
  },
  {
    employeeName: 'Bob Baker',
    requestType: 'vacation',
    startDate: `${thisMonth}-11`,
    endDate: `${thisMonth}-11`,
    status: 'pending',
  },
];

/** Alice Archer's company with LEAVES, its admin signed in on the calendar screen. */
async function openCalendarOfNewCompany(page: Page): Promise<void> {
  const { admin } = await createCompanyWithLeave('Alice Archer', LEAVES);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await page.goto('/dashboard/calendar');
}

test.describe('on a phone, at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('a Sunday-to-Saturday month grid marks the days with leave, and a tap lists the people out', async ({
    page,
  }) => {
    await openCalendarOfNewCompany(page);

    const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(now);
    const grid = page.getByRole('table', { name: `Days with leave in ${monthName}` });
    await expect(grid).toBeVisible();
    await expect(grid.getByRole('columnheader')).toHaveText(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    const day = (number: number, people: string) =>
      grid.getByRole('button', { name: `${fullDate(`${thisMonth}-${pad(number)}`)}: ${people}` });
    await expect(day(10, '1 person out')).toBeVisible();
    await expect(day(11, '2 people out')).toBeVisible();
    await expect(day(12, 'nobody out')).toBeVisible();
    // The day list stays below the grid.
    await expect(page.getByRole('list', { name: `Who is out in ${monthName}, day by day` })).toBeVisible();

    await day(11, '2 people out').tap();
    const people = page.getByRole('region', { name: `Out on ${fullDate(`${thisMonth}-11`)}` });
    await expect(people.getByRole('button', { name: 'Alice Archer: Vacation', exact: true })).toBeVisible();
    await expect(people.getByRole('button', { name: 'Bob Baker: Vacation (pending)' })).toBeVisible();
    await day(12, 'nobody out').tap();
    await expect(page.getByRole('region', { name: `Out on ${fullDate(`${thisMonth}-12`)}` })).toContainText(
      'Nobody is out on this day',
    );
    await expect(people).toHaveCount(0);

    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter(({ impact }) => impact === 'serious' || impact === 'critical')).toEqual([]);

    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(375);
  });

  test('a tap or a long press on a month button shows no tooltip over the export buttons', async ({ page }) => {
    await openCalendarOfNewCompany(page);

    const next = page.getByRole('button', { name: 'Next month' });
    await next.tap();
    const box = (await next.boundingBox())!;
    const touch = await page.context().newCDPSession(page);
    const point = [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }];
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point });
    await page.waitForTimeout(1_000);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    // MUI shows a tooltip 700 ms into a press and keeps it 1.5 s after: none may be there now.
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await page.getByRole('button', { name: 'Google Calendar' }).click({ trial: true, timeout: 2_000 });
  });
});

test.describe('in a 375 px window with a mouse', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the tooltip of a clicked month button never covers the export buttons', async ({ page }) => {
    await openCalendarOfNewCompany(page);

    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.getByRole('tooltip', { name: 'Next month' })).toBeVisible();
    await page.getByRole('button', { name: 'Google Calendar' }).click({ trial: true, timeout: 2_000 });
    await page.getByRole('button', { name: 'Export iCal' }).click({ trial: true, timeout: 2_000 });
  });
});

test.describe('with a mouse, at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the month buttons still name themselves in a tooltip on hover', async ({ page }) => {
    await openCalendarOfNewCompany(page);
    await page.getByRole('button', { name: 'Next month' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Next month' })).toBeVisible();
  });
});
