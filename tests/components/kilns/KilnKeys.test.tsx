import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, logInAs, mockFetch, renderApp } from '../support/renderApp';
import type { FacilityChange, KilnKey } from '../../../src/domain/api/configure';
import { jsonBody, REGISTRY } from '../support/configure';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LOADED = { timeout: 5000 };
const FINGERPRINT = 'ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12';
const KILN = REGISTRY.kilns.find((kiln) => kiln.kiln_id === 'CG1-0001')!;
const KEY: KilnKey = {
  id: 7,
  kiln_id: KILN.id,
  fingerprint: FINGERPRINT,
  label: 'Main board',
  public_key: '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----\n',
  created_ts: '2026-03-01T10:00:00.000Z',
  created_by: 4,
  created_by_name: 'facilityadmin',
  approved_ts: '2026-03-01T11:00:00.000Z',
  approved_by: 1,
  revoked_ts: null,
};
const ADDED: FacilityChange = {
  id: 31,
  facility_id: KILN.facility_id,
  actor_id: 4,
  actor_username: 'facilityadmin',
  action: 'add_kiln_key',
  detail: { kiln: { id: KILN.id, kiln_id: KILN.kiln_id }, key: { id: KEY.id, fingerprint: FINGERPRINT, label: KEY.label } },
  ts: '2026-03-01T10:00:00.000Z',
};
const REVOKED: FacilityChange = {
  ...ADDED,
  id: 32,
  actor_id: 1,
  actor_username: 'superadmin',
  action: 'revoke_kiln_key',
  ts: '2026-03-02T10:00:00.000Z',
};

/** The registry and its keys API; `add` answers a key's registration. */
function serveKeys(add: (body: unknown) => Response = () => json(KEY, 201)) {
  let keys = [KEY];
  let trail = [ADDED];
  return mockFetch((url, init) => {
    if (url === `/api/kilns/${KILN.id}/keys/changes`) return json(trail);
    if (url === '/api/kiln/registry/list') return json(REGISTRY);
    if (url === `/api/kilns/${KILN.id}/keys` && init.method === 'POST') return add(jsonBody(init));
    if (url === `/api/kilns/${KILN.id}/keys`) return json(keys);
    if (url === `/api/kilns/${KILN.id}/keys/7/revoke` && init.method === 'POST') {
      keys = [{ ...KEY, revoked_ts: '2026-03-02T10:00:00.000Z' }];
      trail = [REVOKED, ADDED];
      return json(keys[0]);
    }
    return json({ message: 'Not found.' }, 404);
  });
}

async function openKeys(add?: (body: unknown) => Response) {
  await logInAs(4, 'facilityadmin');
  const fetchMock = serveKeys(add);
  renderApp('/kiln_reg');
  await screen.findByText('CG1-0001', {}, LOADED);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Keys of kiln CG1-0001' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Keys of kiln CG1-0001' }));
  return { user, dialog, fetchMock };
}

describe("Kiln Registry: a kiln's keys", { timeout: 15000 }, () => {
  it('offers Keys only to a role that may update the kiln', async () => {
    await logInAs(3);
    serveKeys();
    renderApp('/kiln_reg');
    await screen.findByText('CG1-0001', {}, LOADED);
    expect(screen.queryByRole('button', { name: /^Keys of kiln/ })).not.toBeInTheDocument();
  });

  it('lists the keys with label, shortened fingerprint (full on hover), who added it and when', async () => {
    const { dialog } = await openKeys();
    const row = within((await dialog.findByText('Main board')).closest('tr') as HTMLElement);
    expect(row.getByText('ab12 cd34 ef56 ab12…')).toHaveAttribute('title', FINGERPRINT);
    expect(row.getByText(/ by facilityadmin$/)).toBeInTheDocument();
    expect(row.getByText('Active')).toBeInTheDocument();
  });

  it('says a key of the demo seed, or of a user since deleted, was added without naming anyone', async () => {
    await logInAs(4, 'facilityadmin');
    const seeded = { ...KEY, created_by: null, created_by_name: null };
    const gone = { ...KEY, id: 8, label: 'Old board', fingerprint: 'cd'.repeat(32), created_by: 9, created_by_name: null };
    mockFetch((url) => {
      if (url === '/api/kiln/registry/list') return json(REGISTRY);
      if (url === `/api/kilns/${KILN.id}/keys`) return json([seeded, gone]);
      if (url === `/api/kilns/${KILN.id}/keys/changes`) return json([]);
      return json({ message: 'Not found.' }, 404);
    });
    renderApp('/kiln_reg');
    await screen.findByText('CG1-0001', {}, LOADED);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Keys of kiln CG1-0001' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Keys of kiln CG1-0001' }));
    expect(within((await dialog.findByText('Main board')).closest('tr') as HTMLElement).getByText(/\(demo data\)$/)).toBeInTheDocument();
    expect(within(dialog.getByText('Old board').closest('tr') as HTMLElement).getByText(/by a user since deleted$/)).toBeInTheDocument();
    expect(await dialog.findByText('No key of this kiln has been added or revoked in the console.')).toBeInTheDocument();
  });

  it("shows the trail of the kiln's keys (who added or revoked which key, when), and a revocation joins it at once", async () => {
    const { user, dialog } = await openKeys();
    const trail = within(await dialog.findByRole('region', { name: 'Changes to these keys' }));
    const added = within(
      (await trail.findByText('Added key Main board (ab12 cd34 ef56 ab12…) to kiln CG1-0001')).closest('tr') as HTMLElement,
    );
    expect(added.getByText('facilityadmin')).toBeInTheDocument();

    await user.click(await dialog.findByRole('button', { name: 'Revoke key Main board' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revoke key Main board?' })).getByRole('button', { name: 'Revoke' }));
    const revoked = within(
      (await trail.findByText('Revoked key Main board (ab12 cd34 ef56 ab12…) of kiln CG1-0001', {}, LOADED)).closest('tr') as HTMLElement,
    );
    expect(revoked.getByText('superadmin')).toBeInTheDocument();
    // newest first, once the closing confirmation no longer hides the keys dialog from the accessibility tree
    await waitFor(
      () =>
        expect(trail.getAllByRole('row').map((row) => row.textContent)).toEqual([
          expect.stringMatching(/^When/),
          expect.stringMatching(/Revoked key/),
          expect.stringMatching(/Added key/),
        ]),
      LOADED,
    );
  });

  describe('a pending key', () => {
    const PENDING: KilnKey = { ...KEY, id: 9, label: 'Spare board', fingerprint: 'ef'.repeat(32), approved_ts: null, approved_by: null };
    const APPROVED: FacilityChange = {
      ...ADDED,
      id: 33,
      actor_id: 1,
      actor_username: 'superadmin',
      action: 'approve_kiln_key',
      detail: { kiln: ADDED.detail.kiln, key: { id: PENDING.id, fingerprint: PENDING.fingerprint, label: PENDING.label } },
      ts: '2026-03-03T10:00:00.000Z',
    };

    /** the registry, one active and one pending key; approving the pending one answers it approved */
    function servePending() {
      let keys = [KEY, PENDING];
      let trail = [ADDED];
      return mockFetch((url, init) => {
        if (url === `/api/kilns/${KILN.id}/keys/changes`) return json(trail);
        if (url === '/api/kiln/registry/list') return json(REGISTRY);
        if (url === `/api/kilns/${KILN.id}/keys`) return json(keys);
        if (url === `/api/kilns/${KILN.id}/keys/9/approve` && init.method === 'POST') {
          const approved = { ...PENDING, approved_ts: '2026-03-03T10:00:00.000Z', approved_by: 1 };
          keys = [KEY, approved];
          trail = [APPROVED, ADDED];
          return json(approved);
        }
        return json({ message: 'Not found.' }, 404);
      });
    }

    async function openAs(role: number, username: string) {
      await logInAs(role, username);
      const fetchMock = servePending();
      renderApp('/kiln_reg');
      await screen.findByText('CG1-0001', {}, LOADED);
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Keys of kiln CG1-0001' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Keys of kiln CG1-0001' }));
      const row = within((await dialog.findByText('Spare board')).closest('tr') as HTMLElement);
      return { user, dialog, row, fetchMock };
    }

    it('shows Pending to a facility admin, with no Approve; it may still be revoked', async () => {
      const { dialog, row } = await openAs(4, 'facilityadmin');
      expect(row.getByText('Pending')).toBeInTheDocument();
      expect(row.queryByText('Active')).not.toBeInTheDocument();
      expect(row.getByRole('button', { name: 'Revoke key Spare board' })).toBeInTheDocument();
      expect(dialog.queryByRole('button', { name: /^Approve key/ })).not.toBeInTheDocument();
      expect(within(dialog.getByText('Main board').closest('tr') as HTMLElement).getByText('Active')).toBeInTheDocument();
    });

    it('offers a super-admin Approve, sent only after the confirmation; the key shows Active and the trail the approval at once', async () => {
      const { user, dialog, row, fetchMock } = await openAs(0, 'superadmin');
      const approvals = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/keys/9/approve'));
      expect(row.getByText('Pending')).toBeInTheDocument();
      const trail = within(await dialog.findByRole('region', { name: 'Changes to these keys' }));
      // only the pending key is approved
      expect(dialog.getAllByRole('button', { name: /^Approve key/ })).toHaveLength(1);
      await user.click(row.getByRole('button', { name: 'Approve key Spare board' }));
      const confirm = within(await screen.findByRole('dialog', { name: 'Approve key Spare board?' }));
      expect(confirm.getByText(/installed on this kiln/)).toBeInTheDocument();
      await user.click(confirm.getByRole('button', { name: 'Cancel' }));
      expect(approvals()).toHaveLength(0);

      await user.click(await dialog.findByRole('button', { name: 'Approve key Spare board' }, LOADED));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Approve key Spare board?' })).getByRole('button', { name: 'Approve' }),
      );
      expect(await screen.findByText('Key approved: its signatures count from now.', {}, LOADED)).toBeInTheDocument();
      expect(approvals()).toHaveLength(1);
      expect(approvals()[0][1]).toMatchObject({ method: 'POST' });
      const approved = within((await dialog.findByText('Spare board', {}, LOADED)).closest('tr') as HTMLElement);
      await waitFor(() => expect(approved.getByText('Active')).toBeInTheDocument(), LOADED);
      expect(approved.queryByText('Pending')).not.toBeInTheDocument();
      expect(dialog.queryByRole('button', { name: /^Approve key/ })).not.toBeInTheDocument();
      const entry = within(
        (await trail.findByText('Approved key Spare board (efef efef efef efef…) of kiln CG1-0001', {}, LOADED)).closest(
          'tr',
        ) as HTMLElement,
      );
      expect(entry.getByText('superadmin')).toBeInTheDocument();
    });
  });

  it('revokes a key only after the confirmation, then shows it revoked', async () => {
    const { user, dialog, fetchMock } = await openKeys();
    const revokes = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/keys/7/revoke'));
    await user.click(await dialog.findByRole('button', { name: 'Revoke key Main board' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Revoke key Main board?' }));
    expect(confirm.getByText(/Revoking is final/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(revokes()).toHaveLength(0);

    // the keys dialog is back in reach once the confirmation has closed
    await user.click(await dialog.findByRole('button', { name: 'Revoke key Main board' }, LOADED));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revoke key Main board?' })).getByRole('button', { name: 'Revoke' }));
    expect(await dialog.findByText(/^Revoked (?!key )/, {}, LOADED)).toBeInTheDocument();
    expect(revokes()).toHaveLength(1);
    expect(dialog.queryByRole('button', { name: 'Revoke key Main board' })).not.toBeInTheDocument();
  });

  it("notifies a refused revocation with the server's sentence and announces none", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await logInAs(4, 'facilityadmin');
    mockFetch((url, init) => {
      if (url === `/api/kilns/${KILN.id}/keys/7/revoke` && init.method === 'POST')
        return json({ message: 'The key Main board was revoked already: revoking is final.' }, 409);
      if (url === `/api/kilns/${KILN.id}/keys/changes`) return json([ADDED]);
      if (url === '/api/kiln/registry/list') return json(REGISTRY);
      if (url === `/api/kilns/${KILN.id}/keys`) return json([KEY]);
      return json({ message: 'Not found.' }, 404);
    });
    renderApp('/kiln_reg');
    await screen.findByText('CG1-0001', {}, LOADED);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Keys of kiln CG1-0001' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Keys of kiln CG1-0001' }));
    await user.click(await dialog.findByRole('button', { name: 'Revoke key Main board' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revoke key Main board?' })).getByRole('button', { name: 'Revoke' }));
    const notified = (await screen.findByText('Error revoking key.', {}, LOADED)).closest('[role="alert"]');
    expect(notified).toHaveTextContent('The key Main board was revoked already: revoking is final.');
    expect(screen.queryByText('Key revoked.')).not.toBeInTheDocument();
  });

  it("posts a pasted key and shows the server's reason on the field it names", async () => {
    const sent: unknown[] = [];
    const { user, dialog } = await openKeys((body) => {
      sent.push(body);
      return json({ message: 'Invalid key.', errors: { public_key: 'Not an Ed25519 key: an RSA key.' } }, 400);
    });
    await user.type(dialog.getByRole('textbox', { name: 'Label' }), 'Spare');
    await user.type(dialog.getByRole('textbox', { name: 'Public key (PEM)' }), 'not a key');
    await user.click(dialog.getByRole('button', { name: 'Add key' }));
    const field = dialog.getByRole('textbox', { name: 'Public key (PEM)' });
    await waitFor(() => expect(field).toHaveAccessibleDescription('Not an Ed25519 key: an RSA key.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([{ label: 'Spare', public_key: 'not a key' }]);
  });

  it("shows a 400's reason on the label it names, as every form, until the label changes", async () => {
    const reason = 'A key of this kiln is labelled Spare already.';
    const { user, dialog } = await openKeys(() => json({ message: 'Invalid key.', errors: { label: reason } }, 400));
    await user.type(dialog.getByRole('textbox', { name: 'Label' }), 'Spare');
    await user.type(dialog.getByRole('textbox', { name: 'Public key (PEM)' }), 'a key');
    await user.click(dialog.getByRole('button', { name: 'Add key' }));
    const label = dialog.getByRole('textbox', { name: 'Label' });
    await waitFor(() => expect(label).toHaveAccessibleDescription(reason));
    expect(label).toHaveAttribute('aria-invalid', 'true');
    // the key the server did not fault keeps its help
    expect(dialog.getByRole('textbox', { name: 'Public key (PEM)' })).toHaveAccessibleDescription(/^An Ed25519 public key/);
    await user.type(label, ' 2');
    await waitFor(() => expect(label).not.toHaveAccessibleDescription(reason));
    expect(label).toHaveAttribute('aria-invalid', 'false');
  });

  it('asks for both entries before it sends anything; a success notifies and clears them', async () => {
    const sent: unknown[] = [];
    const { user, dialog } = await openKeys((body) => {
      sent.push(body);
      return json(KEY, 201);
    });
    await user.click(dialog.getByRole('button', { name: 'Add key' }));
    const label = dialog.getByRole('textbox', { name: 'Label' });
    const key = dialog.getByRole('textbox', { name: 'Public key (PEM)' });
    await waitFor(() => expect(label).toHaveAccessibleDescription('Required.'));
    expect(key).toHaveAccessibleDescription('Required.');
    expect(sent).toEqual([]);

    await user.type(label, '  Spare ');
    await user.type(key, 'a key');
    await waitFor(() => expect(key).not.toHaveAccessibleDescription('Required.'));
    await user.click(dialog.getByRole('button', { name: 'Add key' }));
    expect(await screen.findByText('Key added.', {}, LOADED)).toBeInTheDocument();
    expect(sent).toEqual([{ label: 'Spare', public_key: 'a key' }]);
    await waitFor(() => expect(dialog.getByRole('textbox', { name: 'Label' })).toHaveValue(''));
    expect(dialog.getByRole('textbox', { name: 'Public key (PEM)' })).toHaveValue('');
  });

  it.each([
    { status: 403, sentence: 'You may not change this kiln.', text: 'You may not change this kiln.' },
    { status: 500, sentence: 'storage down', text: 'Unknown server error. Try again later or contact support.' },
  ])(
    'notifies a refused or failed add ($status) by status, as every write: the server sentence of a refusal, the generic text otherwise',
    async ({ status, sentence, text }) => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const { user, dialog } = await openKeys(() => json({ message: sentence }, status));
      await user.type(dialog.getByRole('textbox', { name: 'Label' }), 'Spare');
      await user.type(dialog.getByRole('textbox', { name: 'Public key (PEM)' }), 'a key');
      await user.click(dialog.getByRole('button', { name: 'Add key' }));
      const notified = (await screen.findByText('Error adding key.', {}, LOADED)).closest('[role="alert"]');
      expect(notified).toHaveTextContent(text);
      // nothing was added: the entries stay for another try
      expect(dialog.getByRole('textbox', { name: 'Label' })).toHaveValue('Spare');
    },
  );

  it('generates a key pair in the browser: downloads the private key once, fills in the public key, says it is shown only once', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:key'));
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user, dialog } = await openKeys();
    await user.click(dialog.getByRole('button', { name: 'Generate key pair' }));
    expect(await dialog.findByText(/shown only once/, {}, LOADED)).toHaveTextContent('CG1-0001-private-key.pem');
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).getAttribute('download')).toBe('CG1-0001-private-key.pem');
    expect(await blobs[0].text()).toMatch(/^-----BEGIN PRIVATE KEY-----\n[A-Za-z0-9+/=\n]+-----END PRIVATE KEY-----\n$/);
    expect((dialog.getByRole('textbox', { name: 'Public key (PEM)' }) as HTMLTextAreaElement).value).toMatch(
      /^-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA/,
    );
  });
});
