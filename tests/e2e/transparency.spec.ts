import type { AuditHistoryResponse } from '../../src/domain/api/audits';
import { expect, expectAccessible, expectNoSidewaysScroll, NETWORK_RETRIES, testAtWidths, tokenFor } from './fixtures';

/**
 * /transparency, open without logging in: the signed checkpoint checked in the browser, and a
 * demo audit's verification package found by the SHA-256 Audit History shows, its signoff's
 * inclusion proof checked in the browser against that checkpoint.
 */
testAtWidths(
  (width) => `at ${width} px a visitor without a session checks a package's signoff in the transparency log`,
  90_000,
  async ({ page, request }, width) => {
    const token = await tokenFor(request, 'superadmin');
    const auth = { Authorization: `Bearer ${token}` };
    const facilities = (await (await request.get('/api/facilities', { headers: auth, maxRetries: NETWORK_RETRIES })).json()) as {
      facilities: { id: number }[];
    };
    let sha256: string | null = null;
    for (const { id } of facilities.facilities) {
      const history = (await (
        await request.get(`/api/audit/history?facility_id=${id}`, { headers: auth, maxRetries: NETWORK_RETRIES })
      ).json()) as AuditHistoryResponse;
      sha256 ??= history.data.find((audit) => audit.package_sha256)?.package_sha256 ?? null;
    }
    expect(sha256).not.toBeNull();

    await page.goto('/transparency');
    await expect(page.getByRole('heading', { level: 1, name: 'Transparency log' })).toBeVisible();
    await expect(page).toHaveTitle('Transparency log · Kiln Console');
    // the public page, not the login screen
    await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);
    const checkpoint = page.getByRole('region', { name: 'Latest checkpoint' });
    await expect(checkpoint).toContainText('Signature checked in this browser');
    await expect(checkpoint).toContainText('kiln-console.local/transparency');
    await expect(page.getByRole('region', { name: 'Latest entries' }).getByRole('row')).toHaveCount(11);

    await page.getByLabel('Package SHA-256, transaction id or entry index').fill(sha256!);
    await page.keyboard.press('Enter');
    const proved = page.getByRole('alert').filter({ hasText: /^Entry \d+ is in the log/ });
    await expect(proved).toContainText('its inclusion proof checks against the checkpoint of');
    await expect(proved).toContainText('"kind": "signoff"');
    await expect(proved).toContainText('Audit signoff');

    if (width === 1400) await expectAccessible(page);
    await expectNoSidewaysScroll(page, `/transparency at ${width} px`);
  },
);
