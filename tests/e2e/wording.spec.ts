import { expect, openAndLogin, test, WIDTHS } from './fixtures';

/** The anomaly banner's and the Export button's wording, at 1400 and 390 px. */

for (const [name, viewport] of WIDTHS) {
  test(`at ${name}, the anomaly banner names burns as the table does, with a proper plural`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openAndLogin(page, 'kilnadmin', '/kiln_logs');
    const banner = page.getByTestId('open-anomaly-warning');
    await expect(banner).toBeVisible();
    const text = (await banner.textContent()) ?? '';
    expect(text).not.toContain('(ies)');
    // kiln id and log time, both columns of Kiln Logs, then the codes
    expect(text).toMatch(
      /\d+ open anomal(y|ies), (on burn|the newest on burns) [A-Z0-9]+-\d+ \d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2} \([A-Z_, ]+\)/,
    );
  });
}

for (const [name, viewport] of WIDTHS) {
  test(`at ${name}, Export reads "Export" beside its icon on every list that exports`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openAndLogin(page, 'superadmin', '/audit/history');
    for (const path of ['/audit/history', '/kiln_logs', '/facilities', '/kiln_reg']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Export' }), path).toHaveText(/export/i);
    }
  });
}
