import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, logInAs, mockFetch, renderApp, renderAppRefused } from '../support/renderApp';
import { defaultFacilityPayload, FACILITY_LIST, makeFacility } from '../../helpers/facilities';
import { jsonBody } from '../support/configure';
import { DEFAULT_FACILITY_SETTINGS } from '../../../src/domain/facilitySettings';
import { makeThumbnail } from '../../../src/facilities/makeThumbnail';
import { windowWidth } from '../support/windowWidth';
import { stubObjectUrls } from '../support/objectUrls';

// canvas and createImageBitmap do not exist in jsdom; the sizing is unit-tested
vi.mock('../../../src/facilities/makeThumbnail', () => ({
  makeThumbnail: vi.fn(async () => new Blob(['thumb'], { type: 'image/jpeg' })),
}));

beforeEach(() => stubObjectUrls('blob:thumb'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LOADED = { timeout: 5000 };
type Handler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

/** The facilities API, with `extra` answering first; a facility added is listed from then on. */
function serveFacilities(extra: Handler = () => undefined, list = FACILITY_LIST) {
  const facilities = [...list.facilities];
  return mockFetch((url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.startsWith('/api/facilities?')) return json({ ...list, facilities });
    if (url === '/api/facility/add') {
      const { mnemonic, name } = jsonBody(init) as { mnemonic: string; name: string };
      facilities.push(makeFacility({ id: 100 + facilities.length, mnemonic, name }));
    }
    if (init.method === 'POST') return json({ status: 1 });
    return json({ message: 'Not found.' }, 404);
  });
}

async function openFacilities(role = 0, extra?: Handler, list?: typeof FACILITY_LIST) {
  const username = { 0: 'superadmin', 3: 'kilnadmin', 4: 'facilityadmin' }[role] ?? 'someone';
  await logInAs(role, username);
  const fetchMock = serveFacilities(extra, list);
  renderApp('/facilities');
  await screen.findByText('Nairobi Char Works', {}, LOADED);
  return { user: userEvent.setup(), fetchMock };
}

const rowOf = (mnemonic: string) => within(screen.getByRole('cell', { name: mnemonic }).closest('tr') as HTMLElement);
const dialogNamed = (name: string | RegExp) => within(screen.getByRole('dialog', { name }));
const postsTo = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && url === path);

describe('Facilities page', { timeout: 20000 }, () => {
  it('lists the facilities with owner, lat/lon box, and the latest audit as No Audit or a View Audit button', async () => {
    await openFacilities();
    expect(screen.getByRole('heading', { level: 1, name: 'Facilities' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Mnemonic',
      'Name',
      'Owner',
      'Lat/Lon Box',
      'Last Updated',
      'Photo',
      'Latest Audit',
      'Audits Take',
      'Actions',
    ]);
    const ncw = rowOf('NCW');
    expect(ncw.getByText('No Audit')).toBeInTheDocument();
    expect(ncw.queryByRole('button', { name: /View Audit/ })).not.toBeInTheDocument();
    expect(ncw.getByText('facilityadmin (uid 5)')).toBeInTheDocument();
    expect(ncw.getByText(/Lat -1\.50 to -1\.10/)).toHaveTextContent('Lon 36.60 to 37.05');

    const ksm = rowOf('KSM');
    expect(ksm.queryByText('No Audit')).not.toBeInTheDocument();
    expect(ksm.getByRole('button', { name: 'View Audit of KSM' })).toHaveTextContent('View Audit');
  });

  it(
    'on a phone keeps the photo, the GPS box and View Audit in each entry, the owner on its own line, for a broker too (M7)',
    { timeout: 20000 },
    async () => {
      windowWidth(390);
      const list = {
        ...FACILITY_LIST,
        facilities: FACILITY_LIST.facilities.map((f) =>
          f.mnemonic === 'KSM' ? { ...f, photo_uploaded_ts: '2025-02-01T00:00:00.000Z' } : f,
        ),
      };
      const ksmId = list.facilities.find((f) => f.mnemonic === 'KSM')!.id;
      await logInAs(5, 'broker');
      serveFacilities(
        (url) =>
          url === `/api/facility/${ksmId}/photo?thumb=1` ? new Response('jpg', { headers: { 'Content-Type': 'image/jpeg' } }) : undefined,
        list,
      );
      renderApp('/facilities');
      await screen.findByText(/^NCW · /, {}, LOADED);
      const user = userEvent.setup();
      expect(screen.queryByRole('columnheader')).not.toBeInTheDocument();
      const entry = (mnemonic: string) => within(screen.getByText(new RegExp(`^${mnemonic} · `)).closest('li') as HTMLElement);
      expect(entry('NCW').getByText('No Audit')).toBeInTheDocument();
      expect(entry('NCW').getByText('facilityadmin (uid 5)').tagName).toBe('P');
      expect(entry('NCW').getByText(/Lat -1\.50 to -1\.10/)).toHaveTextContent('Lon 36.60 to 37.05');
      expect(entry('NCW').getByText('No photo')).toBeInTheDocument();
      expect(await entry('KSM').findByRole('img', { name: 'Photo of KSM' })).toBeInTheDocument();
      expect(entry('KSM').getByRole('button', { name: 'View the photo of KSM' })).toBeInTheDocument();
      await user.click(entry('KSM').getByRole('button', { name: 'View Audit of KSM' }));
      expect(await screen.findByRole('dialog', { name: /Latest Audit – KSM/ })).toBeInTheDocument();
    },
  );

  it('shows the photo thumbnail, fetched with the token, for a facility that has one', async () => {
    const { fetchMock } = await openFacilities(
      0,
      (url) => (url === '/api/facility/1/photo?thumb=1' ? new Response('jpg', { headers: { 'Content-Type': 'image/jpeg' } }) : undefined),
      { ...FACILITY_LIST, facilities: [makeFacility({ photo_uploaded_ts: '2025-02-01T00:00:00.000Z' })] },
    );
    expect(await screen.findByRole('img', { name: 'Photo of NCW' })).toHaveAttribute('src', 'blob:thumb');
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/facility/1/photo?thumb=1')!;
    expect(new Headers(init?.headers).get('Authorization')).toMatch(/^Bearer /);
  });

  it('asks for the facilities with an empty uid for a role other than 4', async () => {
    const { fetchMock } = await openFacilities(0);
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/facilities?uid=');
  });

  it('sends uid=<user id> for role 4, which may edit and upload but not create', async () => {
    const { fetchMock } = await openFacilities(4);
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/facilities?uid=4');
    expect(screen.queryByRole('button', { name: 'New Facility' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit facility NCW' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Photo for NCW' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Audit for NCW' })).toBeInTheDocument();
  });

  it('offers no New Facility, Edit or uploads without the rules (role 3), yet lets it view the audit', async () => {
    await openFacilities(3);
    expect(screen.queryByRole('button', { name: 'New Facility' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Upload)/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Audit of KSM' })).toBeInTheDocument();
  });

  it('notifies a failed list with its title', async () => {
    await renderAppRefused(0, '/facilities', 'superadmin');
    const title = await screen.findByText('Error retrieving facilities.', {}, LOADED);
    expect(title.closest('[role="alert"]')).toBeInTheDocument();
    // in place of the table: one sentence and Retry, no pager
    const inPlace = screen.getByText('The facilities could not be loaded.').closest('[role="alert"]') as HTMLElement;
    expect(within(inPlace).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('Facility modal', { timeout: 20000 }, () => {
  it('starts a new facility from the defaults and enables OK once the mnemonic is new', async () => {
    const { user, fetchMock } = await openFacilities();
    await user.click(screen.getByRole('button', { name: 'New Facility' }));
    const dialog = dialogNamed('New Facility');
    const field = (name: RegExp) => dialog.getByRole('textbox', { name });
    expect(field(/^Latitude Min/)).toHaveValue('-90');
    expect(field(/^Latitude Max/)).toHaveValue('90');
    expect(field(/^Longitude Min/)).toHaveValue('-180');
    expect(field(/^Longitude Max/)).toHaveValue('180');
    expect(field(/^WICF/)).toHaveValue('0.35');
    expect(field(/^Carbon Removal Factor/)).toHaveValue('2.44');
    expect(dialog.getByRole('combobox', { name: /^Owner/ })).toHaveTextContent('superadmin (uid 1)');
    const ok = dialog.getByRole('button', { name: 'OK' });
    expect(ok).toBeDisabled();

    await user.type(field(/^Mnemonic/), 'ksm');
    expect(dialog.getByText('Already in use.')).toBeInTheDocument();
    expect(ok).toBeDisabled();
    await user.clear(field(/^Mnemonic/));
    await user.type(field(/^Mnemonic/), 'ELD');
    await user.type(field(/^Name/), 'Eldoret');
    expect(ok).toBeEnabled();

    await user.click(ok);
    expect(await screen.findByText('Facility saved.')).toBeInTheDocument();
    const [[, init]] = postsTo(fetchMock, '/api/facility/add');
    // a new facility is a super-admin's: its form sends the batch and methodology settings too, the defaults here
    expect(jsonBody(init!)).toEqual({ ...defaultFacilityPayload('ELD', 'Eldoret'), ...DEFAULT_FACILITY_SETTINGS });
  });

  it('edits with the mnemonic disabled, flags both ends of a crossed latitude pair, and posts to /edit', async () => {
    const { user, fetchMock } = await openFacilities();
    await user.click(screen.getByRole('button', { name: 'Edit facility NCW' }));
    const dialog = dialogNamed('Edit Facility');
    expect(dialog.getByRole('textbox', { name: /^Mnemonic/ })).toBeDisabled();
    expect(dialog.getByRole('textbox', { name: /^Mnemonic/ })).toHaveValue('NCW');
    const ok = dialog.getByRole('button', { name: 'OK' });
    expect(ok).toBeEnabled();

    const latMin = dialog.getByRole('textbox', { name: /^Latitude Min/ });
    await user.clear(latMin);
    await user.type(latMin, '5');
    expect(dialog.getAllByText('The minimum must be below the maximum.')).toHaveLength(2);
    expect(dialog.getByRole('textbox', { name: /^Latitude Max/ })).toHaveAttribute('aria-invalid', 'true');
    expect(ok).toBeDisabled();

    await user.clear(latMin);
    await user.type(latMin, '-1.25');
    expect(dialog.queryByText('The minimum must be below the maximum.')).not.toBeInTheDocument();
    await user.click(ok);
    await waitFor(() => expect(postsTo(fetchMock, '/api/facility/edit')).toHaveLength(1));
    expect(jsonBody(postsTo(fetchMock, '/api/facility/edit')[0][1]!)).toMatchObject({
      id: 1,
      mnemonic: 'NCW',
      owner_id: 5,
      latMin: -1.25,
      config: { cgo1: { wicf: 0.4, carbonRemovalFactor: 2.5 } },
    });
  });

  it('keeps the modal open after a 400, with the facility texts', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openFacilities(0, (url) => (url === '/api/facility/edit' ? json({ message: 'bad' }, 400) : undefined));
    await user.click(screen.getByRole('button', { name: 'Edit facility NCW' }));
    await user.click(dialogNamed('Edit Facility').getByRole('button', { name: 'OK' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error persisting facility.')).toBeInTheDocument();
    expect(within(alert).getByText('Bad request, please check your inputs.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Facility' })).toBeInTheDocument();
  });
});

describe('Facility uploads', { timeout: 20000 }, () => {
  it('uploads one audit statement as multipart file + file_type and says it is recorded', async () => {
    const { user, fetchMock } = await openFacilities();
    await user.click(screen.getByRole('button', { name: 'Upload Audit for NCW' }));
    const dialog = dialogNamed('Upload Audit – NCW');
    const ok = dialog.getByRole('button', { name: 'OK' });
    expect(ok).toBeDisabled();

    await user.upload(
      dialog.getByLabelText('Choose Audit Statement'),
      new File(['%PDF-1.4'], 'statement.pdf', { type: 'application/pdf' }),
    );
    expect(dialog.getByText('statement.pdf')).toBeInTheDocument();
    await user.click(ok);
    expect(await screen.findByText('Audit successfully recorded.')).toBeInTheDocument();
    const [[, init]] = postsTo(fetchMock, '/api/facility/1/upload_audit');
    const body = init!.body as FormData;
    expect((body.get('file') as File).name).toBe('statement.pdf');
    expect(body.get('file_type')).toBe('pdf');
  });

  it('refuses a file of another type, and notifies a failed upload with its title', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openFacilities(0, (url) => (url === '/api/facility/1/upload_audit' ? json({ message: 'x' }, 500) : undefined));
    await user.click(screen.getByRole('button', { name: 'Upload Audit for NCW' }));
    const dialog = dialogNamed('Upload Audit – NCW');
    const input = dialog.getByLabelText('Choose Audit Statement');
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['x'], 'notes.docx'));
    expect(dialog.getByText('Choose one PNG, JPG, JPEG or PDF file.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();

    await user.upload(input, new File(['png'], 'scan.png', { type: 'image/png' }));
    await user.click(dialog.getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error uploading audit. Please contact us if this persists.');
  });

  it('uploads one photo with its thumbnail and the Related-Facility and photo-guid headers', async () => {
    const { user, fetchMock } = await openFacilities();
    await user.click(screen.getByRole('button', { name: 'Upload Photo for NCW' }));
    const dialog = dialogNamed('Upload Photo – NCW');
    await user.upload(dialog.getByLabelText('Choose Photo'), new File(['png'], 'yard.png', { type: 'image/png' }));
    const ok = dialog.getByRole('button', { name: 'OK' });
    await waitFor(() => expect(ok).toBeEnabled());
    await user.click(ok);
    expect(await screen.findByText('Photo successfully uploaded.')).toBeInTheDocument();

    const [[, init]] = postsTo(fetchMock, '/api/photo/upload');
    const headers = new Headers(init!.headers);
    expect(headers.get('Related-Facility')).toBe('1');
    expect(headers.get('photo-guid')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const body = init!.body as FormData;
    expect((body.get('photo') as File).name).toBe('yard.png');
    expect((body.get('thumb') as File).type).toBe('image/jpeg');
  });

  it('loads the list once: the modal takes its choices from the list call', async () => {
    const { user, fetchMock } = await openFacilities();
    const listCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/facilities?'));
    await user.click(screen.getByRole('button', { name: 'New Facility' }));
    await user.click(dialogNamed('New Facility').getByRole('combobox', { name: /^Owner/ }));
    expect(await screen.findAllByRole('option')).toHaveLength(FACILITY_LIST.allowedOwners.length);
    expect(listCalls()).toHaveLength(1);
  });

  it('says at once that a photo cannot be read, and keeps OK disabled until a readable one is chosen', async () => {
    vi.mocked(makeThumbnail).mockRejectedValueOnce(new Error('cannot decode'));
    const { user } = await openFacilities();
    await user.click(screen.getByRole('button', { name: 'Upload Photo for NCW' }));
    const dialog = dialogNamed('Upload Photo – NCW');
    await user.upload(dialog.getByLabelText('Choose Photo'), new File(['??'], 'broken.png', { type: 'image/png' }));
    expect(await dialog.findByText('This image cannot be read.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();

    await user.upload(dialog.getByLabelText('Choose Photo'), new File(['png'], 'yard.png', { type: 'image/png' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'OK' })).toBeEnabled());
    expect(dialog.queryByText('This image cannot be read.')).not.toBeInTheDocument();
  });

  it('says "Bad request." after a refused photo', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openFacilities(0, (url) => (url === '/api/photo/upload' ? json({ message: 'x' }, 400) : undefined));
    await user.click(screen.getByRole('button', { name: 'Upload Photo for NCW' }));
    const dialog = dialogNamed('Upload Photo – NCW');
    await user.upload(dialog.getByLabelText('Choose Photo'), new File(['png'], 'yard.png', { type: 'image/png' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'OK' })).toBeEnabled());
    await user.click(dialog.getByRole('button', { name: 'OK' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error uploading photo.')).toBeInTheDocument();
    expect(within(alert).getByText('Bad request.')).toBeInTheDocument();
  });
});

describe('Facility forms keep what the user entered', { timeout: 20000 }, () => {
  it('asks before Escape closes a form with changes; Keep editing keeps them, Discard closes', async () => {
    const { user } = await openFacilities();
    await user.click(screen.getByRole('button', { name: 'New Facility' }));
    await user.keyboard('{Escape}');
    // nothing entered: closes at once
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'New Facility' }));
    await user.type(dialogNamed('New Facility').getByRole('textbox', { name: /^Name/ }), 'Eldoret');
    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument());
    expect(dialogNamed('New Facility').getByRole('textbox', { name: /^Name/ })).toHaveValue('Eldoret');

    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the spec's 400 notification and puts the server's reason on the field it names", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openFacilities(0, (url) =>
      url === '/api/facility/add'
        ? json({ message: 'mnemonic is already in use.', errors: { mnemonic: 'mnemonic is already in use.' } }, 400)
        : undefined,
    );
    await user.click(screen.getByRole('button', { name: 'New Facility' }));
    const dialog = dialogNamed('New Facility');
    const mnemonic = dialog.getByRole('textbox', { name: /^Mnemonic/ });
    await user.type(mnemonic, 'ELD');
    await user.click(dialog.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Bad request, please check your inputs.')).toBeInTheDocument();
    expect(dialog.getByText('mnemonic is already in use.')).toBeInTheDocument();
    expect(mnemonic).toHaveAttribute('aria-invalid', 'true');
    // editing the field takes the server's reason away
    await user.type(mnemonic, 'X');
    expect(dialog.queryByText('mnemonic is already in use.')).not.toBeInTheDocument();
  });

  it('states the mnemonic limit before it bites, and in the error', async () => {
    const { user } = await openFacilities();
    await user.click(screen.getByRole('button', { name: 'New Facility' }));
    const dialog = dialogNamed('New Facility');
    expect(dialog.getByText('At most 16 characters.')).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: /^Mnemonic/ }), 'M'.repeat(17));
    expect(dialog.getByRole('textbox', { name: /^Mnemonic/ })).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByText('At most 16 characters.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();
  });

  it('states the 20 MB limit and refuses a larger statement before sending it', async () => {
    const { user, fetchMock } = await openFacilities();
    await user.click(screen.getByRole('button', { name: 'Upload Audit for NCW' }));
    const dialog = dialogNamed('Upload Audit – NCW');
    expect(dialog.getByText('One PNG, JPG, JPEG or PDF file of at most 20 MB.')).toBeInTheDocument();
    const big = new File(['%PDF-1.4'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    await user.upload(dialog.getByLabelText('Choose Audit Statement'), big);
    expect(dialog.getByText('This file is larger than 20 MB, the most the server takes.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();
    expect(postsTo(fetchMock, '/api/facility/1/upload_audit')).toHaveLength(0);
  });
});
