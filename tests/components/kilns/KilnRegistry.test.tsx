import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, logInAs, mockFetch, renderApp, renderAppRefused } from '../support/renderApp';
import type { Kiln } from '../../../src/domain/api/configure';
import { jsonBody, makeKiln, REGISTRY } from '../support/configure';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// the page is a lazy chunk and the list loads after it: allow for a busy machine
const LOADED = { timeout: 5000 };
const REGISTRY_URL = '/api/kiln/registry/list';

type SaveAnswer = () => Response | Promise<Response>;

/** The registry API; saves answer `save` (default status 1), and a kiln added with status 1 is listed from then on. */
function serveRegistry(save: SaveAnswer = () => json({ status: 1 })) {
  const kilns = [...REGISTRY.kilns];
  return mockFetch(async (url, init) => {
    if (url === REGISTRY_URL) return json({ ...REGISTRY, kilns });
    if (init.method === 'POST' && url.startsWith('/api/kiln/registry/')) {
      const answer = await save();
      if (url.endsWith('/add') && answer.ok) {
        const body = jsonBody(init) as Kiln;
        kilns.push(makeKiln({ id: 100 + kilns.length, kiln_id: body.kiln_id, facility_id: body.facility_id }));
      }
      return answer;
    }
    return json({ message: 'Not found.' }, 404);
  });
}

async function openRegistry(role = 4, save?: SaveAnswer) {
  await logInAs(role, role === 4 ? 'facilityadmin' : 'kilnadmin');
  const fetchMock = serveRegistry(save);
  renderApp('/kiln_reg');
  await screen.findByText('CG1-0001', {}, LOADED);
  return { user: userEvent.setup(), fetchMock };
}

const kilnDialog = () => within(screen.getByRole('dialog', { name: 'Kiln' }));
const okButton = () => kilnDialog().getByRole('button', { name: 'OK' });
const kilnIdInput = () => kilnDialog().getByRole('textbox', { name: /^Kiln ID/ });
const installDateInput = () => kilnDialog().getByRole('textbox', { name: /^Install Date/ });
const saveCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url).startsWith('/api/kiln/registry/'));

async function choose(user: ReturnType<typeof userEvent.setup>, field: RegExp, option: string) {
  await user.click(kilnDialog().getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Opens New Kiln and fills every required field. */
async function fillNewKiln(user: ReturnType<typeof userEvent.setup>, kilnId = 'CG1-0100') {
  await user.click(screen.getByRole('button', { name: 'New Kiln' }));
  await user.type(kilnIdInput(), kilnId);
  await choose(user, /^Facility/, 'NCW – Nairobi Char Works');
  await choose(user, /^Type/, 'Retort');
  await user.type(installDateInput(), '2025/06/30');
}

describe('Kiln Registry', () => {
  it('lists the kilns with the spec columns, a coloured type tag and YYYY/MM/DD install dates', async () => {
    await openRegistry();
    expect(screen.getByRole('heading', { level: 1, name: 'Kiln Registry' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Kiln ID', 'Facility', 'Kiln Type', 'Install Date', 'Last Update', 'Actions']);

    const chipOf = (label: string) => screen.getByText(label).closest('.MuiChip-root');
    expect(chipOf('C-Go-1')).toHaveClass('MuiChip-colorSuccess');
    expect(chipOf('Retort')).toHaveClass('MuiChip-colorInfo');
    expect(chipOf('Terrafix')).toHaveClass('MuiChip-colorError');
    expect(chipOf('Unknown')).toHaveClass('MuiChip-colorWarning');
    expect(screen.getAllByText('2024/03/07')).toHaveLength(4);
  });

  it('shows the facility name when hovering its mnemonic', async () => {
    const { user } = await openRegistry();
    await user.hover(screen.getByText('KSM'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Kisumu Biochar');
  });

  it('offers New Kiln and Edit only with the create and update kiln rules (role 3 has neither)', async () => {
    await openRegistry(3);
    expect(screen.queryByRole('button', { name: 'New Kiln' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('notifies a failed list with the spec title and text', async () => {
    await renderAppRefused(4, '/kiln_reg', 'facilityadmin');
    const title = await screen.findByText('Error retrieving kiln registry.', {}, LOADED);
    const notification = title.closest('[role="alert"]') as HTMLElement;
    expect(
      within(notification).getByText('An unknown error occurred retrieving the kiln registry. Please try again later.'),
    ).toBeInTheDocument();
    // in place of the table: one sentence and Retry, no pager
    const inPlace = screen.getByText('The kiln registry could not be loaded.').closest('[role="alert"]') as HTMLElement;
    expect(within(inPlace).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(/^\d+-\d+ of \d+$/)).not.toBeInTheDocument();
  });
});

// typing into a dozen MUI inputs takes seconds in jsdom
describe('Kiln modal', { timeout: 20000 }, () => {
  it('adds a kiln: empty form with the help texts, OK disabled until every field is valid, then posts to /add', async () => {
    const { user, fetchMock } = await openRegistry();
    await user.click(screen.getByRole('button', { name: 'New Kiln' }));
    expect(kilnIdInput()).toHaveValue('');
    expect(kilnDialog().getByText('The unique ID for the kiln - must match that which the kiln identifies with.')).toBeInTheDocument();
    expect(kilnDialog().getByText('Type of kiln - this will impact the choice of analysis algorithm used.')).toBeInTheDocument();
    expect(okButton()).toBeDisabled();

    await user.type(kilnIdInput(), 'CG1-0100');
    await choose(user, /^Facility/, 'NCW – Nairobi Char Works');
    await choose(user, /^Type/, 'Retort');
    expect(okButton()).toBeDisabled(); // no install date yet
    await user.type(installDateInput(), '2025/06/30');
    expect(okButton()).toBeEnabled();

    const perG = kilnDialog().getByRole('textbox', { name: 'C-Go-1 Per g Weight' });
    await user.type(perG, '1.23456');
    expect(kilnDialog().getByText('At most 4 decimals.')).toBeInTheDocument();
    expect(okButton()).toBeDisabled();
    await user.clear(perG);
    await user.type(perG, '1.2345');
    expect(okButton()).toBeEnabled();

    await user.click(okButton());
    expect(await screen.findByText('Kiln saved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [[url, init]] = saveCalls(fetchMock);
    expect(url).toBe('/api/kiln/registry/add');
    expect(jsonBody(init!)).toEqual({
      id: null,
      kiln_id: 'CG1-0100',
      facility_id: 1,
      type: 1,
      install_date: '2025-06-30',
      config: { cgo1: { per_g_weight: 1.2345, zero_weight: null }, terrafix: { per_g_weight: null } },
    });
    // the list reloads after the save, showing the new kiln
    expect(await screen.findByText('CG1-0100')).toBeInTheDocument();
  });

  it('edits a kiln: the form holds its values and posts to /edit with its id', async () => {
    const { user, fetchMock } = await openRegistry();
    await user.click(screen.getByRole('button', { name: 'Edit kiln CG1-0001' }));
    expect(kilnIdInput()).toHaveValue('CG1-0001');
    expect(installDateInput()).toHaveValue('2024/03/07');
    expect(kilnDialog().getByRole('textbox', { name: 'C-Go-1 Zero Weight' })).toHaveValue('8000.25');
    expect(okButton()).toBeEnabled();

    await user.click(okButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [[url, init]] = saveCalls(fetchMock);
    expect(url).toBe('/api/kiln/registry/edit');
    expect(jsonBody(init!)).toMatchObject({ id: 1, kiln_id: 'CG1-0001', facility_id: 1, type: 0, install_date: '2024-03-07' });
  });

  it('keeps the install date: cleared and left, it comes back', async () => {
    const { user } = await openRegistry();
    await user.click(screen.getByRole('button', { name: 'Edit kiln CG1-0001' }));
    await user.clear(installDateInput());
    expect(okButton()).toBeDisabled();
    await user.tab();
    expect(installDateInput()).toHaveValue('2024/03/07');
    expect(okButton()).toBeEnabled();
  });

  it('marks both Kiln ID and Facility when the pair is already registered, but not while the kiln id is empty', async () => {
    const { user } = await openRegistry();
    await user.click(screen.getByRole('button', { name: 'New Kiln' }));
    await choose(user, /^Facility/, 'NCW – Nairobi Char Works');
    expect(kilnDialog().queryByText('This kiln ID is already registered at this facility.')).not.toBeInTheDocument();

    await user.type(kilnIdInput(), 'cg1-0001');
    expect(kilnDialog().getAllByText('This kiln ID is already registered at this facility.')).toHaveLength(2);
    expect(kilnIdInput()).toHaveAttribute('aria-invalid', 'true');
    expect(okButton()).toBeDisabled();

    await choose(user, /^Facility/, 'KSM – Kisumu Biochar');
    expect(kilnDialog().queryByText('This kiln ID is already registered at this facility.')).not.toBeInTheDocument();
  });

  it('shows OK loading while saving; a 400 keeps the modal open, clears the loading and says to check the inputs', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let answer: (response: Response) => void = () => {};
    const { user, fetchMock } = await openRegistry(4, () => new Promise<Response>((resolve) => (answer = resolve)));
    await fillNewKiln(user);
    await user.click(okButton());
    await waitFor(() => expect(within(okButton()).getByRole('progressbar')).toBeInTheDocument());
    expect(okButton()).toBeDisabled();

    answer(json({ message: 'kiln_id is already in use.' }, 400));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error persisting kiln.')).toBeInTheDocument();
    expect(within(alert).getByText('Bad request, please check your inputs.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Kiln' })).toBeInTheDocument();
    expect(within(okButton()).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(okButton()).toBeEnabled();
    expect(kilnIdInput()).toHaveValue('CG1-0100');
    expect(saveCalls(fetchMock)).toHaveLength(1);
  });

  it("puts a 400's reason on the field it names until that field is edited, and OK waits for the edit", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openRegistry(4, () =>
      json(
        { message: 'kiln_id is already in use.', errors: { kiln_id: 'kiln_id is already in use.', 'config.other': 'not a field here' } },
        400,
      ),
    );
    await fillNewKiln(user);
    await user.click(okButton());
    expect(await kilnDialog().findByText('kiln_id is already in use.')).toBeInTheDocument();
    expect(kilnIdInput()).toHaveAttribute('aria-invalid', 'true');
    expect(kilnDialog().queryByText('not a field here')).not.toBeInTheDocument();
    expect(okButton()).toBeDisabled();

    await user.type(kilnIdInput(), 'X');
    await waitFor(() => expect(kilnDialog().queryByText('kiln_id is already in use.')).not.toBeInTheDocument());
    expect(kilnIdInput()).toHaveAttribute('aria-invalid', 'false');
    expect(okButton()).toBeEnabled();
  });

  it('asks before Escape discards a changed form; an untouched one closes at once', async () => {
    const { user } = await openRegistry();
    await user.click(screen.getByRole('button', { name: 'New Kiln' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Kiln' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'New Kiln' }));
    await user.type(kilnIdInput(), 'CG1-0200');
    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument());
    expect(kilnIdInput()).toHaveValue('CG1-0200');
    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Kiln' })).not.toBeInTheDocument());
  });

  it('loads the registry once: the Kiln modal takes its choices from the list call', async () => {
    const { user, fetchMock } = await openRegistry();
    await user.click(screen.getByRole('button', { name: 'New Kiln' }));
    await user.click(kilnDialog().getByRole('combobox', { name: /^Facility/ }));
    expect(await screen.findAllByRole('option')).toHaveLength(REGISTRY.facilities.length);
    expect(fetchMock.mock.calls.filter(([url]) => url === REGISTRY_URL)).toHaveLength(1);
  });

  it('closes on any other failure, with the unknown-server text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openRegistry(4, () => json({ message: 'Internal server error.' }, 500));
    await fillNewKiln(user);
    await user.click(okButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error persisting kiln.')).toBeInTheDocument();
    expect(within(alert).getByText('Unknown server error. Try again later or contact support.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  // one outcome policy for every form's write: the lists reload after either outcome, not only after a success
  it('reloads the registry once a failure closes the modal', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, fetchMock } = await openRegistry(4, () => json({ message: 'Kiln CG1-0100 was added meanwhile.' }, 409));
    const registryReads = () => fetchMock.mock.calls.filter(([url]) => url === REGISTRY_URL).length;
    expect(registryReads()).toBe(1);
    await fillNewKiln(user);
    await user.click(okButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(registryReads()).toBe(2));
  });

  it('only logs a network failure, and closes', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openRegistry(4, () => Promise.reject(new TypeError('Failed to fetch')));
    await fillNewKiln(user);
    await user.click(okButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: 'Failed to fetch' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
