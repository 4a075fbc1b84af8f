import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createCompanyWithLeave, type CalendarAccount, type CalendarLeave } from './support/calendar';
import { expect, signIn, test } from './support/fixtures';

const pad = (value: number) => String(value).padStart(2, '0');

/** The month the browser shows first (the machine's own today) and the one after it, as the console names them. */
const now = new Date();
const thisMonth = { year: now.getFullYear(), month: now.getMonth() + 1 };
const nextMonth =
  thisMonth.month === 12 ? { year: thisMonth.year + 1, month: 1 } : { ...thisMonth, month: thisMonth.month + 1 };
const dayOf = ({ year, month }: typeof thisMonth, day: number) => `${year}-${pad(month)}-${pad(day)}`;

const utc = { timeZone: 'UTC' } as const;
const fullDate = (isoDate: string) =>
  new Intl.DateTimeFormat('en-US', { ...utc, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(
    Date.parse(`${isoDate}T00:00:00Z`),
  );
const monthTitle = ({ year, month }: typeof thisMonth) =>
  new Intl.DateTimeFormat('en-US', { ...utc, month: 'long', year: 'numeric' }).format(Date.UTC(year, month - 1, 1));

const EMPLOYEE = 'Alice Archer';
const COLLEAGUE = 'Bob Baker';
const LEAVES: CalendarLeave[] = [
  {
    employeeName: EMPLOYEE,
    requestType: 'vacation',
    startDate: dayOf(thisMonth, 10),
    endDate: dayOf(thisMonth, 12),
    status: 'approved',
  },
  {
    employeeName: COLLEAGUE,
    requestType: 'sick_day',
    startDate: dayOf(thisMonth, 20),
    endDate: dayOf(thisMonth, 20),
    status: 'pending',
  },
  {
    employeeName: EMPLOYEE,
    requestType: 'vacation',
    startDate: dayOf(nextMonth, 5),
    endDate: dayOf(nextMonth, 6),
    status: 'approved',
  },
];

/** A day of the month grid, found by the full date its cell announces. */
const dayCell = (page: Page, isoDate: string) => page.getByRole('cell', { name: new RegExp(`^${fullDate(isoDate)}`) });

async function openCalendar(page: Page, account: CalendarAccount): Promise<void> {
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await page.goto('/dashboard/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar', level: 2 })).toBeVisible();
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('approved leave shows on its days, the months turn both ways and the iCal file downloads', async ({ page }) => {
    test.setTimeout(60_000);
    const { admin } = await createCompanyWithLeave(EMPLOYEE, LEAVES);
    await signIn(page, admin.email, admin.password);
    await page
      .getByRole('navigation', { name: 'Dashboard navigation' })
      .getByRole('link', { name: 'Calendar' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/calendar$/);

    const grid = page.getByRole('table', { name: `Who is out in ${monthTitle(thisMonth)}` });
    await expect(grid).toBeVisible();
    for (const day of [10, 11, 12]) {
      await expect(
        dayCell(page, dayOf(thisMonth, day)).getByRole('button', { name: `${EMPLOYEE}: Vacation` }),
      ).toBeVisible();
    }
    for (const day of [9, 13]) {
      await expect(
        dayCell(page, dayOf(thisMonth, day)).getByRole('button', { name: new RegExp(EMPLOYEE) }),
      ).toHaveCount(0);
    }
    await expect(
      dayCell(page, dayOf(thisMonth, 20)).getByRole('button', { name: `${COLLEAGUE}: Sick day (pending)` }),
    ).toBeVisible();
    const list = page.getByRole('region', { name: 'Leave Events This Month' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByText(EMPLOYEE)).toBeVisible();

    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.getByRole('table', { name: `Who is out in ${monthTitle(nextMonth)}` })).toBeVisible();
    await expect(
      dayCell(page, dayOf(nextMonth, 5)).getByRole('button', { name: `${EMPLOYEE}: Vacation` }),
    ).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);

    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(grid).toBeVisible();
    await expect(
      dayCell(page, dayOf(thisMonth, 10)).getByRole('button', { name: `${EMPLOYEE}: Vacation` }),
    ).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export iCal' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('teamfolk-leave-calendar.ics');
    const ical = await readFile(await download.path(), 'utf8');
    expect(ical).toContain('BEGIN:VCALENDAR');
    expect(ical).toContain(`SUMMARY:${EMPLOYEE}: Vacation`);
    await expect(page.getByText('Calendar exported successfully')).toBeVisible();
  });

  test('Google Calendar opens the first event, the feed link is replaced on request and holidays follow the country', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    const { admin } = await createCompanyWithLeave(EMPLOYEE, LEAVES);
    await context.route('https://calendar.google.com/**', (route) => route.fulfill({ body: 'Google Calendar' }));
    await openCalendar(page, admin);

    const opening = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Google Calendar' }).click();
    const google = await opening;
    await google.waitForLoadState();
    const firstEvent = new URL(google.url());
    expect(firstEvent.origin + firstEvent.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(firstEvent.searchParams.get('text')).toBe(`${EMPLOYEE}: Vacation`);
    await google.close();

    const feedUrl = page.getByRole('textbox', { name: 'Calendar feed URL' });
    await expect(feedUrl).toHaveValue(/\/api\/calendar\/feed\/.+\.ics$/);
    const oldUrl = await feedUrl.inputValue();
    await page.getByRole('button', { name: 'New link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Replace your calendar feed link?' });
    await confirm.getByRole('button', { name: 'Replace link' }).click();
    await expect(page.getByText('New calendar feed link created: the old one no longer works')).toBeVisible();
    await expect(feedUrl).not.toHaveValue(oldUrl);
    expect((await page.request.get(oldUrl)).status()).toBe(404);
    expect((await page.request.get(await feedUrl.inputValue())).ok()).toBe(true);

    await page.getByRole('button', { name: 'Choose your country to show public holidays' }).click();
    const settings = page.getByRole('dialog', { name: 'Calendar settings' });
    await settings.getByRole('combobox', { name: /Country for public holidays/ }).click();
    await page.getByRole('option', { name: 'Germany (DE)' }).click();
    await settings.getByRole('combobox', { name: 'Time zone' }).fill('Europe/Berlin');
    await page.getByRole('option', { name: 'Europe/Berlin' }).click();
    const region = settings.getByRole('textbox', { name: 'Region code' });
    await region.fill('ZZ');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings.getByText('No public holidays are known for this country or region')).toBeVisible();
    await region.fill('BY');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Calendar settings saved')).toBeVisible();
    await expect(settings).toBeHidden();

    await page.goto(`/dashboard/calendar?month=${thisMonth.year + 1}-01`);
    await expect(dayCell(page, `${thisMonth.year + 1}-01-01`)).toContainText(/New Year/);
  });
});

test('an empty month says so, a failed load offers a retry, and Google export explains when there is nothing to send', async ({
  page,
}) => {
  const { admin } = await createCompanyWithLeave(EMPLOYEE, []);
  await openCalendar(page, admin);
  await expect(page.getByText('Nobody is out this month')).toBeVisible();

  await page.getByRole('button', { name: 'Google Calendar' }).click();
  await expect(page.getByText('No events to export to Google Calendar')).toBeVisible();

  await page.route('**/api/calendar/events?**', (route) => route.fulfill({ status: 500, json: { message: '' } }));
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByText('Failed to fetch calendar events')).toBeVisible();
  await page.unroute('**/api/calendar/events?**');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Failed to fetch calendar events')).toBeHidden();
  await expect(page.getByText('Nobody is out this month')).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the month reads as a grid of marked days above an agenda, and a colleague’s sick day shows only as Out', async ({
    page,
  }) => {
    const { employee } = await createCompanyWithLeave(EMPLOYEE, LEAVES);
    await openCalendar(page, employee);

    const agenda = page.getByRole('list', { name: `Who is out in ${monthTitle(thisMonth)}, day by day` });
    await expect(agenda).toBeVisible();
    await expect(page.getByRole('table', { name: `Days with leave in ${monthTitle(thisMonth)}` })).toBeVisible();
    await expect(agenda.getByRole('button', { name: `${EMPLOYEE}: Vacation` })).toHaveCount(3);
    await expect(agenda.getByRole('button', { name: `${COLLEAGUE}: Out (pending)` })).toBeVisible();
    await expect(agenda.getByText('Sick day')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export iCal' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Calendar settings' })).toHaveCount(0);

    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(375);
  });
});
