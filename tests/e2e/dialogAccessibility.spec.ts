import { type Locator, type Page } from '@playwright/test';
import { protectedPdf } from '../helpers/protectedPdf';
import { expect, expectAccessible, mainMenu, openAndLogin, test, tokenFor, turnOnDarkMode, waitUntilLoaded } from './fixtures';

/**
 * Every dialog, menu and popup of the console, opened by a role that may, in
 * the light and the dark theme: it has an accessible name, axe finds nothing
 * serious or critical in it, and Escape closes it with the focus back on the
 * control that opened it. A form is also checked in its error state: each
 * error is tied to its field (aria-invalid, aria-describedby), and Escape
 * then asks before discarding what was typed. Nothing is saved.
 *
 * One row per popup: a new dialog is one more row.
 */

type Role = 'dialog' | 'menu' | 'listbox' | 'figure';

interface PopupCase {
  /** what the row checks */
  what: string;
  /** who opens it */
  user: 'superadmin' | 'broker';
  /** the screen it opens on */
  path: string;
  /** a window narrower than the default 1366 px */
  viewport?: { width: number; height: number };
  /** steps on the screen before the opener is there (idempotent: the screen may already be prepared) */
  prepare?: (page: Page) => Promise<void>;
  /** the control that opens it */
  opener: (page: Page) => Locator;
  role: Role;
  /** its accessible name; left out only where a library's popup has none to give (ARIA requires none for a menu) */
  name?: string | RegExp;
  /** waits for content that loads after it opens */
  ready?: (popup: Locator) => Promise<void>;
  /** brings its form to a state with field errors (and something typed) */
  invalid?: (popup: Locator) => Promise<void>;
}

const DEFAULT_VIEWPORT = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
// below the burn chart's own width the chart opens full-screen (chartSize.ts)
const NARROW = { width: 600, height: 800 };

const NOT_A_DOCUMENT = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a document') };

/** the demo data's facility with audits and eco assets (the first of the CO2 summary), by name */
let auditedFacility = '';

async function chooseFacility(page: Page, name: string) {
  const box = page.getByRole('combobox', { name: 'Facility' });
  if ((await box.textContent())?.includes(name)) return;
  await box.click();
  await page.getByRole('option', { name: new RegExp(`– ${name}$`) }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

async function openFirstAllocation(page: Page) {
  await chooseFacility(page, auditedFacility);
  if (await page.getByRole('button', { name: 'View Evidence' }).isVisible()) return;
  await page.locator('tbody tr').first().click();
  await page
    .getByRole('button', { name: / kg allocated$/ })
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'View Evidence' })).toBeVisible();
}

const openKilnForm = async (page: Page) => {
  const form = page.getByRole('dialog', { name: 'Kiln' });
  // a form the case before closed with Escape still reads as visible while it fades out: try again once it is gone
  await expect(async () => {
    if (!(await form.isVisible())) await page.getByRole('button', { name: 'New Kiln' }).click();
    await expect(form.getByRole('combobox', { name: /^Facility/ })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
};

const pdfShown = async (popup: Locator) => {
  await expect(popup.getByRole('paragraph').filter({ hasText: /^Page 1 of \d+$/ })).toBeVisible();
};

const CASES: PopupCase[] = [
  {
    what: 'a menu group of the top menu',
    user: 'superadmin',
    path: '/home',
    opener: (page) => mainMenu(page).getByRole('button', { name: 'Configure' }),
    role: 'menu',
    name: 'Configure',
  },
  {
    // on a phone the groups fold into one Menu button (TopMenu.tsx PhoneMenu)
    what: 'the top menu at 390 px',
    user: 'superadmin',
    path: '/home',
    viewport: PHONE,
    opener: (page) => mainMenu(page).getByRole('button', { name: 'Menu' }),
    role: 'menu',
    name: 'Menu',
  },
  {
    what: 'the Kiln modal for a new kiln',
    user: 'superadmin',
    path: '/kiln_reg',
    opener: (page) => page.getByRole('button', { name: 'New Kiln' }),
    role: 'dialog',
    name: 'Kiln',
    invalid: async (form) => {
      await form.getByRole('textbox', { name: /^Kiln ID/ }).fill('not an id!');
      await form.getByRole('textbox', { name: /^C-Go-1 Zero Weight/ }).fill('heavy');
    },
  },
  {
    what: "the Kiln modal's facility choices",
    user: 'superadmin',
    path: '/kiln_reg',
    prepare: openKilnForm,
    opener: (page) => page.getByRole('dialog', { name: 'Kiln' }).getByRole('combobox', { name: /^Facility/ }),
    role: 'listbox',
    name: /^Facility/,
  },
  {
    what: 'the Kiln modal for an existing kiln',
    user: 'superadmin',
    path: '/kiln_reg',
    prepare: async (page) => {
      // the choices' row above left the new-kiln form open
      const form = page.getByRole('dialog', { name: 'Kiln' });
      if (await form.isVisible()) await form.getByRole('button', { name: 'Cancel' }).click();
      await expect(form).toHaveCount(0);
    },
    opener: (page) => page.getByRole('button', { name: /^Edit kiln / }).first(),
    role: 'dialog',
    name: 'Kiln',
    invalid: async (form) => {
      await form.getByRole('textbox', { name: /^Kiln ID/ }).fill('');
    },
  },
  {
    what: 'the New Facility modal',
    user: 'superadmin',
    path: '/facilities',
    opener: (page) => page.getByRole('button', { name: 'New Facility' }),
    role: 'dialog',
    name: 'New Facility',
    invalid: async (form) => {
      await form.getByRole('textbox', { name: /^Mnemonic/ }).fill('NRB');
      await form.getByRole('textbox', { name: /^Latitude Min/ }).fill('north');
    },
  },
  {
    what: 'the Edit Facility modal',
    user: 'superadmin',
    path: '/facilities',
    opener: (page) => page.getByRole('button', { name: 'Edit facility NRB' }),
    role: 'dialog',
    name: 'Edit Facility',
    invalid: async (form) => {
      await form.getByRole('textbox', { name: /^Longitude Max/ }).fill('');
    },
  },
  {
    what: 'the photo upload',
    user: 'superadmin',
    path: '/facilities',
    opener: (page) => page.getByRole('button', { name: 'Upload Photo for NKR' }),
    role: 'dialog',
    name: 'Upload Photo – NKR',
    invalid: async (form) => {
      await form.locator('input[type="file"]').setInputFiles(NOT_A_DOCUMENT);
    },
  },
  {
    what: 'the audit statement upload',
    user: 'superadmin',
    path: '/facilities',
    opener: (page) => page.getByRole('button', { name: 'Upload Audit for TAS' }),
    role: 'dialog',
    name: 'Upload Audit – TAS',
    invalid: async (form) => {
      await form.locator('input[type="file"]').setInputFiles(NOT_A_DOCUMENT);
    },
  },
  {
    what: 'the viewer showing a PDF statement',
    user: 'superadmin',
    path: '/facilities',
    opener: (page) => page.getByRole('button', { name: 'View Audit of NRB' }),
    role: 'dialog',
    name: 'Latest Audit – NRB',
    ready: pdfShown,
  },
  {
    what: "the viewer's password prompt for a protected PDF",
    user: 'superadmin',
    path: '/facilities',
    // the next statement fetched is a password-protected PDF; nothing is stored
    prepare: async (page) => {
      await page.route(
        '**/api/facility/*/audit?id=*',
        (route) => route.fulfill({ contentType: 'application/pdf', body: protectedPdf('s3cret') }),
        { times: 1 },
      );
    },
    opener: (page) => page.getByRole('button', { name: 'View Audit of NRB' }),
    role: 'dialog',
    name: 'Password required',
    ready: (popup) => expect(popup.getByText('Enter the password to open this PDF file.')).toBeVisible(),
  },
  {
    what: 'the viewer showing an image statement',
    user: 'superadmin',
    path: '/facilities',
    opener: (page) => page.getByRole('button', { name: 'View Audit of RIV' }),
    role: 'dialog',
    name: 'Latest Audit – RIV',
    ready: (popup) => expect(popup.getByRole('img', { name: 'Latest Audit – RIV' })).toBeVisible(),
  },
  {
    what: "the viewer showing a facility's photo",
    user: 'superadmin',
    path: '/facilities',
    opener: (page) => page.getByRole('button', { name: 'View the photo of NKR' }),
    role: 'dialog',
    name: 'Photo – NKR',
    ready: (popup) => expect(popup.getByRole('img', { name: 'Photo – NKR' })).toBeVisible(),
  },
  {
    what: 'the burn chart popup, pinned open',
    user: 'superadmin',
    path: '/kiln_logs',
    opener: (page) => page.locator('tbody tr').first().getByRole('button', { name: 'Show burn chart' }),
    role: 'figure',
    name: 'Burn chart',
    ready: (popup) => expect(popup.locator('.recharts-line').first()).toBeVisible(),
  },
  {
    what: 'the burn chart full-screen in a narrow window',
    user: 'superadmin',
    path: '/kiln_logs',
    viewport: NARROW,
    opener: (page) => page.getByRole('button', { name: 'Show burn chart' }).first(),
    role: 'dialog',
    name: 'Burn chart',
    ready: (popup) => expect(popup.locator('.recharts-line').first()).toBeVisible(),
  },
  {
    what: 'the add-filter menu of a list',
    user: 'superadmin',
    path: '/users',
    opener: (page) => page.getByRole('button', { name: 'Add filter' }),
    // react-admin's FilterButton names neither its menu nor the button's aria-controls
    role: 'menu',
  },
  {
    what: 'the confirmation before a user is deleted',
    user: 'superadmin',
    path: '/users',
    prepare: async (page) => {
      if (/\/users\/\d+$/.test(page.url())) return;
      await page.getByRole('link', { name: 'uploader', exact: true }).click();
      await expect(page).toHaveURL(/\/users\/\d+$/);
    },
    opener: (page) => page.getByRole('button', { name: 'Delete' }),
    role: 'dialog',
    name: /^Delete /,
  },
  {
    what: 'the confirmation before a Recent Changes entry is deleted',
    user: 'superadmin',
    path: '/admin',
    prepare: async (page) => {
      if (/\/admin\/changes\/\d+$/.test(page.url())) return;
      await page.locator('tbody tr a').first().click();
      await expect(page).toHaveURL(/\/admin\/changes\/\d+$/);
    },
    opener: (page) => page.getByRole('button', { name: 'Delete' }),
    role: 'dialog',
    name: /^Delete /,
  },
  {
    what: 'the facility choices of the audit history',
    user: 'superadmin',
    path: '/audit/history',
    opener: (page) => page.getByRole('combobox', { name: 'Facility' }),
    role: 'listbox',
    name: 'Facility',
  },
  {
    what: "an audit's evidence from the history",
    user: 'superadmin',
    path: '/audit/history',
    prepare: (page) => chooseFacility(page, auditedFacility),
    opener: (page) => page.getByRole('button', { name: 'View Audit', exact: true }).first(),
    role: 'dialog',
    name: 'Audit Evidence',
    ready: async (popup) => {
      await expect(popup.locator('canvas, img, [role="status"]').first()).toBeVisible();
    },
  },
  {
    what: "an audit's verification report from the history",
    user: 'superadmin',
    path: '/audit/history',
    prepare: (page) => chooseFacility(page, auditedFacility),
    opener: (page) => page.getByRole('button', { name: 'View Report' }).first(),
    role: 'dialog',
    name: 'Verification Report',
    ready: async (popup) => {
      await expect(popup.locator('canvas').first()).toBeVisible();
    },
  },
  {
    what: "an audit's audited logs from the history",
    user: 'superadmin',
    path: '/audit/history',
    prepare: (page) => chooseFacility(page, auditedFacility),
    opener: (page) => page.getByRole('button', { name: 'View Audited Logs' }).first(),
    role: 'dialog',
    name: 'Audited Logs',
    ready: (popup) => expect(popup.locator('tbody tr').first()).toBeVisible(),
  },
  {
    what: 'the Mint Eco Asset modal',
    user: 'broker',
    path: '/eco-assets/create',
    opener: (page) => page.getByRole('button', { name: 'Mint Eco Asset' }),
    role: 'dialog',
    name: 'Mint Eco Asset',
    invalid: async (form) => {
      await form
        .getByRole('textbox', { name: / · CO2 to allocate/ })
        .first()
        .fill('999999999');
    },
  },
  {
    what: "a facility's latest audit from the broker review",
    user: 'broker',
    path: '/eco-assets/review',
    prepare: (page) => chooseFacility(page, auditedFacility),
    opener: (page) => page.getByRole('button', { name: 'View Facility Audit' }),
    role: 'dialog',
    name: 'Facility Audit',
    ready: async (popup) => {
      await expect(popup.locator('canvas, img').first()).toBeVisible();
    },
  },
  {
    what: "an allocation's evidence",
    user: 'broker',
    path: '/eco-assets/review',
    prepare: openFirstAllocation,
    opener: (page) => page.getByRole('button', { name: 'View Evidence' }),
    role: 'dialog',
    name: 'Audit Evidence',
    ready: async (popup) => {
      await expect(popup.locator('canvas, img, [role="status"]').first()).toBeVisible();
    },
  },
  {
    what: "an allocation's audited logs",
    user: 'broker',
    path: '/eco-assets/review',
    prepare: openFirstAllocation,
    opener: (page) => page.getByRole('button', { name: 'Audited Logs' }),
    role: 'dialog',
    name: 'Audited Logs',
    ready: (popup) => expect(popup.locator('tbody tr').first()).toBeVisible(),
  },
];

test('every dialog row names its dialog', () => {
  expect(CASES.filter((row) => row.role === 'dialog' && row.name === undefined).map((row) => row.what)).toEqual([]);
});

/** Every error shown in the form names its field: the field is aria-invalid and described by the error. */
async function expectErrorsTiedToFields(form: Locator) {
  const errors = form.locator('.MuiFormHelperText-root.Mui-error');
  await expect(errors.first()).toBeVisible();
  const ties = await form.evaluate((root) =>
    [...root.querySelectorAll('.MuiFormHelperText-root.Mui-error')].map((error) => {
      const field = error.id ? root.querySelector(`[aria-describedby~="${CSS.escape(error.id)}"]`) : null;
      return { error: error.textContent, described: field !== null, invalid: field?.getAttribute('aria-invalid') ?? null };
    }),
  );
  expect(ties.length).toBeGreaterThan(0);
  for (const tie of ties) expect(tie).toEqual({ error: tie.error, described: true, invalid: 'true' });
}

async function open(page: Page, row: PopupCase): Promise<{ opener: Locator; popup: Locator }> {
  await row.prepare?.(page);
  await waitUntilLoaded(page);
  const opener = row.opener(page);
  const popup = row.name === undefined ? page.getByRole(row.role) : page.getByRole(row.role, { name: row.name });
  if (row.role === 'dialog') {
    // a click that lands while a list re-renders under it opens nothing: a dialog's opener may be pressed again
    await expect(async () => {
      if (!(await popup.isVisible())) await opener.click();
      await expect(popup).toBeVisible({ timeout: 4000 });
    }).toPass({ timeout: 20_000 });
  } else {
    // a menu's or a list box's opener toggles: pressed twice, it would close what it opened
    await opener.click();
    await expect(popup).toBeVisible();
  }
  await row.ready?.(popup);
  return { opener, popup };
}

async function closesWithEscape(page: Page, opener: Locator, popup: Locator) {
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await expect(opener).toBeFocused();
}

async function check(page: Page, row: PopupCase) {
  await page.setViewportSize(row.viewport ?? DEFAULT_VIEWPORT);
  if (new URL(page.url()).pathname !== row.path) {
    await page.goto(row.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  const { opener, popup } = await open(page, row);
  await expectAccessible(page, popup);
  await closesWithEscape(page, opener, popup);
  if (!row.invalid) return;

  const form = (await open(page, row)).popup;
  await row.invalid(form);
  await expectErrorsTiedToFields(form);
  await expectAccessible(page, form);
  // something was typed: Escape asks first, and Escape on the question goes back to the form
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
  await expect(ask).toBeVisible();
  await expectAccessible(page, ask);
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  await expect(form).toBeVisible();
  await page.keyboard.press('Escape');
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(form).toHaveCount(0);
  await expect(opener).toBeFocused();
}

test.beforeAll(async ({ request }) => {
  const token = await tokenFor(request, 'superadmin');
  const summary = (await (await request.get('/api/co2/summary', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    data: { facilities: { name: string }[] };
  };
  auditedFacility = summary.data.facilities[0].name;
});

for (const user of [...new Set(CASES.map((row) => row.user))]) {
  for (const dark of [false, true]) {
    test(`${user}'s dialogs and popups, ${dark ? 'dark' : 'light'} theme`, async ({ page }) => {
      test.setTimeout(180_000);
      await openAndLogin(page, user, '/home');
      if (dark) await turnOnDarkMode(page);
      for (const row of CASES.filter((r) => r.user === user)) {
        await test.step(row.what, () => check(page, row));
      }
    });
  }
}
