import { readFile } from 'node:fs/promises';
import { reportTexts } from '@teamfolk/shared/contracts';
import { expect, signIn, test } from './support/fixtures';
import { createCompanyWithTeam } from './support/reports';

/** Each tab of the reports, and the name its exports are saved under. */
const REPORTS = [
  { tab: reportTexts.absenceTitle, file: 'absence', byTeam: true },
  { tab: reportTexts.absenceRateTitle, file: 'absence-rate', byTeam: true },
  { tab: reportTexts.bradfordTitle, file: 'bradford', byTeam: true },
  { tab: reportTexts.balancesTitle, file: 'balances', byTeam: true },
  { tab: reportTexts.lowUptakeTitle, file: 'low-uptake', byTeam: true },
  { tab: reportTexts.activityTitle, file: 'activity', byTeam: false },
];

const EXPORTS = [
  { button: reportTexts.exportCsv, extension: 'csv' },
  { button: reportTexts.exportExcel, extension: 'xlsx' },
];

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an admin opens each report, filters by team and downloads both exports', async ({ page }) => {
      test.setTimeout(120_000);
      const { admin, teamId, teamName } = await createCompanyWithTeam();
      await signIn(page, admin.email, admin.password);
      await expect(page.getByRole('heading', { name: /^Welcome back/, level: 2 })).toBeVisible();

      if (viewport.width < 600) await page.getByRole('button', { name: 'Open navigation menu' }).click();
      await page
        .getByRole('navigation', { name: 'Dashboard navigation' })
        .getByRole('link', { name: reportTexts.menu })
        .click();
      await expect(page).toHaveURL(/\/dashboard\/reports\/absence/);

      for (const report of REPORTS) {
        await page
          .getByRole('navigation', { name: reportTexts.reportsNavigation, exact: true })
          .getByRole('tab', { name: report.tab, exact: true })
          .click();
        await expect(page.getByRole('heading', { name: report.tab, level: 2 })).toBeVisible();

        if (report.byTeam) {
          await page.getByRole('combobox', { name: reportTexts.team }).click();
          await page.getByRole('option', { name: teamName, exact: true }).click();
          await expect(page).toHaveURL(new RegExp(`/reports/${report.file}\\?(.*&)?team_id=${teamId}(&|$)`));
          await expect(page.getByRole('combobox', { name: reportTexts.team })).toHaveText(teamName);
        }
        // The report answered: its table, or the empty state; never the error.
        await expect(page.getByRole('table').or(page.getByText(reportTexts.empty)).first()).toBeVisible();
        await expect(page.getByText(reportTexts.fetchFailed)).toHaveCount(0);

        for (const { button, extension } of EXPORTS) {
          const downloading = page.waitForEvent('download');
          await page.getByRole('button', { name: button }).click();
          const download = await downloading;
          expect(download.suggestedFilename()).toMatch(
            new RegExp(`^teamfolk-${report.file}-\\d{4}-\\d{2}-\\d{2}\\.${extension}$`),
          );
          const file = await readFile(await download.path());
          expect(file.length).toBeGreaterThan(0);
          // An XLSX file is a zip; a CSV starts with its header row.
          if (extension === 'xlsx') expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
          else expect(file.toString('utf8').replace(/^\uFEFF/, '')).toMatch(/^[^\n]+,/);
        }

        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      }
    });
  });
}
