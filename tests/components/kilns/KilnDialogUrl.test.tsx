import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { goBack, json, logInAs, mockFetch, renderApp } from '../support/renderApp';
import { REGISTRY } from '../support/configure';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// the page is a lazy chunk and the list loads after it: allow for a busy machine
const LOADED = { timeout: 5000 };

function serveRegistry() {
  return mockFetch((url) => (url === '/api/kiln/registry/list' ? json(REGISTRY) : json({ message: 'Not found.' }, 404)));
}

async function openAt(path: string, role = 4) {
  await logInAs(role, role === 4 ? 'facilityadmin' : 'kilnadmin');
  serveRegistry();
  renderApp(path);
  await screen.findByText('TX-0003', {}, LOADED);
  return userEvent.setup();
}

const location = () => screen.getByTestId('location');
const kilnDialog = () => screen.queryByRole('dialog', { name: 'Kiln' });
const kilnIdInput = async () =>
  within(await screen.findByRole('dialog', { name: 'Kiln' }, LOADED)).getByRole('textbox', { name: /^Kiln ID/ });

describe("the Kiln modal's URL (/kiln_reg/{id}, /kiln_reg/create)", { timeout: 20000 }, () => {
  it('opens the kiln at /kiln_reg/{id} over the list, as a reload of that URL does', async () => {
    await openAt('/kiln_reg/2');
    expect(await kilnIdInput()).toHaveValue('RT-0002');
    expect(location()).toHaveTextContent('/kiln_reg/2');
    // the list stays behind the modal
    expect(screen.getByRole('heading', { level: 1, name: 'Kiln Registry', hidden: true })).toBeInTheDocument();
  });

  it('Edit navigates to the kiln’s URL; Cancel goes back to the list', async () => {
    const user = await openAt('/kiln_reg');
    await user.click(screen.getByRole('button', { name: 'Edit kiln TX-0003' }));
    expect(await kilnIdInput()).toHaveValue('TX-0003');
    expect(location()).toHaveTextContent('/kiln_reg/3');
    await user.click(within(kilnDialog()!).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(kilnDialog()).toBeNull());
    expect(location()).toHaveTextContent(/^\/kiln_reg$/);
  });

  it("the browser's back closes the modal and shows the list", async () => {
    const user = await openAt('/kiln_reg');
    await user.click(screen.getByRole('button', { name: 'Edit kiln RT-0002' }));
    await kilnIdInput();
    await goBack();
    await waitFor(() => expect(kilnDialog()).toBeNull());
    expect(location()).toHaveTextContent(/^\/kiln_reg$/);
    expect(screen.getByText('RT-0002')).toBeInTheDocument();
  });

  it('New Kiln opens an empty modal at /kiln_reg/create', async () => {
    const user = await openAt('/kiln_reg');
    await user.click(screen.getByRole('button', { name: 'New Kiln' }));
    expect(await kilnIdInput()).toHaveValue('');
    expect(location()).toHaveTextContent('/kiln_reg/create');
    await goBack();
    await waitFor(() => expect(kilnDialog()).toBeNull());
  });

  it('a reload of /kiln_reg/create opens the empty modal', async () => {
    await openAt('/kiln_reg/create');
    expect(await kilnIdInput()).toHaveValue('');
  });

  it('an id no kiln has shows the list with an error, not a crash', async () => {
    await openAt('/kiln_reg/999');
    expect(await screen.findByText('There is no kiln 999: the registry is shown instead.', {}, LOADED)).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/kiln_reg$/));
    expect(kilnDialog()).toBeNull();
    expect(screen.getByText('CG1-0001')).toBeInTheDocument();
  });

  it.each([
    ['a kiln’s URL', '/kiln_reg/2'],
    ['/kiln_reg/create', '/kiln_reg/create'],
  ])('a role that may only read kilns gets the list at %s, without the modal', async (_where, path) => {
    // the kiln file admin (3) reads kilns, and neither creates nor updates them
    await openAt(path, 3);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/kiln_reg$/));
    expect(kilnDialog()).toBeNull();
  });
});

describe(
  "a kiln's Keys and Calibrations at URLs of their own (/kiln_reg/{id}/keys, /kiln_reg/{id}/calibrations)",
  { timeout: 20000 },
  () => {
    const keysDialog = () => screen.queryByRole('dialog', { name: 'Keys of kiln TX-0003' });

    it('Keys navigates to the kiln’s keys; back closes them and shows the list', async () => {
      const user = await openAt('/kiln_reg');
      await user.click(screen.getByRole('button', { name: 'Keys of kiln TX-0003' }));
      expect(await screen.findByRole('dialog', { name: 'Keys of kiln TX-0003' }, LOADED)).toBeInTheDocument();
      expect(location()).toHaveTextContent('/kiln_reg/3/keys');
      await goBack();
      await waitFor(() => expect(keysDialog()).toBeNull());
      expect(location()).toHaveTextContent(/^\/kiln_reg$/);
    });

    it('a reload of a kiln’s calibrations URL opens them', async () => {
      await openAt('/kiln_reg/3/calibrations');
      expect(await screen.findByRole('dialog', { name: 'Calibrations of kiln TX-0003' }, LOADED)).toBeInTheDocument();
    });

    it('an unknown dialog of a kiln gets the list', async () => {
      await openAt('/kiln_reg/3/fly');
      await waitFor(() => expect(location()).toHaveTextContent(/^\/kiln_reg$/));
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('a role that may only read kilns gets the list at a kiln’s keys URL, without the dialog', async () => {
      await openAt('/kiln_reg/3/keys', 3);
      await waitFor(() => expect(location()).toHaveTextContent(/^\/kiln_reg$/));
      expect(keysDialog()).toBeNull();
    });
  },
);
