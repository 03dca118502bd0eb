import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { goBack, json, logInAs, mockFetch, renderApp } from '../support/renderApp';
import { FACILITY_LIST } from '../../helpers/facilities';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LOADED = { timeout: 5000 };

async function openAt(path: string, role = 0) {
  const username = { 0: 'superadmin', 3: 'kilnadmin', 4: 'facilityadmin' }[role] ?? 'someone';
  await logInAs(role, username);
  mockFetch((url) => (url.startsWith('/api/facilities?') ? json(FACILITY_LIST) : json({ message: 'Not found.' }, 404)));
  renderApp(path);
  await screen.findByText('Kisumu Biochar', {}, LOADED);
  return userEvent.setup();
}

const location = () => screen.getByTestId('location');
const facilityDialog = () => screen.queryByRole('dialog', { name: /^(New|Edit) Facility$/ });
const mnemonicOf = async (title: string) =>
  within(await screen.findByRole('dialog', { name: title }, LOADED)).getByRole('textbox', { name: /^Mnemonic/ });

describe("the Facility modal's URL (/facilities/{id}, /facilities/create)", { timeout: 20000 }, () => {
  it('opens the facility at /facilities/{id} over the list, as a reload of that URL does', async () => {
    await openAt('/facilities/2');
    expect(await mnemonicOf('Edit Facility')).toHaveValue('KSM');
    expect(location()).toHaveTextContent('/facilities/2');
    expect(screen.getByRole('heading', { level: 1, name: 'Facilities', hidden: true })).toBeInTheDocument();
  });

  it('Edit navigates to the facility’s URL, Cancel back to the list; back closes it too', async () => {
    const user = await openAt('/facilities');
    await user.click(screen.getByRole('button', { name: 'Edit facility NCW' }));
    expect(await mnemonicOf('Edit Facility')).toHaveValue('NCW');
    expect(location()).toHaveTextContent('/facilities/1');
    await user.click(within(facilityDialog()!).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(facilityDialog()).toBeNull());
    expect(location()).toHaveTextContent(/^\/facilities$/);

    await user.click(screen.getByRole('button', { name: 'Edit facility KSM' }));
    await mnemonicOf('Edit Facility');
    await goBack();
    await waitFor(() => expect(facilityDialog()).toBeNull());
    expect(location()).toHaveTextContent(/^\/facilities$/);
  });

  it('New Facility opens at /facilities/create', async () => {
    const user = await openAt('/facilities');
    await user.click(screen.getByRole('button', { name: 'New Facility' }));
    expect(await mnemonicOf('New Facility')).toHaveValue('');
    expect(location()).toHaveTextContent('/facilities/create');
    await goBack();
    await waitFor(() => expect(facilityDialog()).toBeNull());
  });

  it('a reload of /facilities/create opens the empty modal', async () => {
    await openAt('/facilities/create');
    expect(await mnemonicOf('New Facility')).toHaveValue('');
  });

  it('an id no facility has shows the list with an error, not a crash', async () => {
    await openAt('/facilities/77');
    expect(await screen.findByText('There is no facility 77: the list is shown instead.', {}, LOADED)).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/facilities$/));
    expect(facilityDialog()).toBeNull();
  });

  it('a facility admin, who may not add facilities, gets the list at /facilities/create', async () => {
    await openAt('/facilities/create', 4);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/facilities$/));
    expect(facilityDialog()).toBeNull();
  });
});

describe("a facility's other modals at URLs of their own (/facilities/{id}/photo, …)", { timeout: 20000 }, () => {
  const photoDialog = () => screen.queryByRole('dialog', { name: 'Upload Photo – KSM' });

  it('Upload Photo navigates to the facility’s photo URL; back closes the modal and shows the list', async () => {
    const user = await openAt('/facilities');
    await user.click(screen.getByRole('button', { name: 'Upload Photo for KSM' }));
    expect(await screen.findByRole('dialog', { name: 'Upload Photo – KSM' }, LOADED)).toBeInTheDocument();
    expect(location()).toHaveTextContent('/facilities/2/photo');
    await goBack();
    await waitFor(() => expect(photoDialog()).toBeNull());
    expect(location()).toHaveTextContent(/^\/facilities$/);
  });

  it('a reload of the photo URL opens the modal', async () => {
    await openAt('/facilities/2/photo');
    expect(await screen.findByRole('dialog', { name: 'Upload Photo – KSM' }, LOADED)).toBeInTheDocument();
  });

  it('a kiln file admin, who reads facilities only, gets the list at a facility’s photo URL', async () => {
    await openAt('/facilities/2/photo', 3);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/facilities$/));
    expect(photoDialog()).toBeNull();
  });
});
