import type { Batch } from '../../src/domain/api/batches';
import type { BatchCredits } from '../../src/domain/api/credits';
import { formatCarbon, toKg } from '../../src/domain/carbon';
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  NETWORK_RETRIES,
  openAndLogin,
  testAtWidths,
  tokenFor,
  turnOnDarkMode,
  waitUntilLoaded,
} from './fixtures';

/**
 * A demo batch's credits side by side, at a desk and on a phone: each methodology's eligibility with
 * the failed gate named, the net figure by the one rounding rule, the batch's H/C_org against each
 * gate, what is still missing, and the steps opened from the keyboard, with their unconfirmed
 * constants marked; axe-clean in both themes, and nothing wider than the window.
 */

/** The demo batch whose H/C_org (0.46) passes Puro's and VM0044's gate and fails CSI's (0.40). */
const LABEL = 'NRB-2025-08-B2';

testAtWidths(
  (width) => `at ${width} px a demo batch's credits read side by side, its steps open from the keyboard`,
  120_000,
  async ({ page, request }, width) => {
    const auth = { Authorization: `Bearer ${await tokenFor(request, 'kilnadmin')}` };
    const list = await request.get('/api/batches', { maxRetries: NETWORK_RETRIES, headers: auth });
    const batch = ((await list.json()) as Batch[]).find((b) => b.label === LABEL)!;
    expect(batch, LABEL).toBeDefined();
    const answer = await request.get(`/api/batches/${batch.id}/credits`, { maxRetries: NETWORK_RETRIES, headers: auth });
    const { results } = (await answer.json()) as BatchCredits;
    const of = (id: string) => results.find((r) => r.methodology === id)!;

    await openAndLogin(page, 'kilnadmin', `/batches/${batch.id}`);
    const section = page.getByRole('region', { name: 'Credits under each methodology' });
    await expect(section.getByTestId('credit-spec-factor-eligibility')).toHaveText('Eligible');
    await waitUntilLoaded(page);
    if (width > 600) {
      const table = section.getByRole('region', { name: 'Credits side by side (scrolls sideways)' }).getByRole('table');
      await expect(table.getByRole('columnheader')).toHaveCount(results.length + 1);
    } else await expect(section.getByRole('region', { name: 'puro-2025' })).toBeVisible();

    // every methodology the API answers, in its column or card
    for (const r of results) await expect(section.getByTestId(`credit-${r.methodology}-net`)).toBeVisible();
    // the figures by the one rounding rule, from the exact grams
    for (const id of ['spec-factor', 'vm0044-1.2'])
      await expect(section.getByTestId(`credit-${id}-net`)).toHaveText(new RegExp(`^${formatCarbon(toKg(of(id).net_co2e_g!), 'figure')}`));
    // CSI's gate fails at 0.40, and says so; Puro needs its production methane measured
    await expect(section.getByTestId('credit-csi-global-3.3-eligibility')).toContainText(
      'Not eligible: H/C_org at most 0.40 for any persistent (GPC) fraction failed (0.46, needs ≤ 0.4 molar ratio)',
    );
    await expect(section.getByTestId('credit-csi-global-3.3-hcOrg')).toContainText('0.46: 0.06 above 0.40');
    await expect(section.getByTestId('credit-puro-2025-hcOrg')).toContainText('0.46: 0.24 below 0.70');
    await expect(section.getByTestId('credit-isometric-1.3-hcOrg')).toContainText('0.46: 0.04 below 0.50');
    await expect(section.getByTestId('credit-puro-2025-missing')).toHaveText('Needs: methane_g_per_kg (production methane measured)');
    await expect(section.getByTestId('credit-puro-2025-net')).toHaveText('No figure');
    await expect(section.getByTestId('credit-spec-factor-pending')).toHaveText('Credited at production');
    await expectNoSidewaysScroll(page, `credits at ${width} px`);
    await expectAccessible(page);

    // the steps of VM0044 from the keyboard: its unconfirmed constants marked
    const show = section.getByRole('button', { name: 'Show the steps (vm0044-1.2)' });
    await show.focus();
    await page.keyboard.press('Enter');
    await expect(section.getByRole('button', { name: 'Hide the steps (vm0044-1.2)' })).toHaveAttribute('aria-expanded', 'true');
    const methane = section.getByTestId('step-vm0044-1.2-production_methane');
    await expect(methane).toContainText('PE_P = Fe × GWP × M (low-tech, Eq. 9)');
    await expect(methane).toContainText('low_tech_methane_fe = 49/1000S: transcribed, not confirmed');
    await expect(section.getByTestId('step-spec-factor-co2_removed')).toHaveCount(0);
    await expectNoSidewaysScroll(page, `steps at ${width} px`);
    await expectAccessible(page);
    await turnOnDarkMode(page);
    await expectAccessible(page);
  },
);
