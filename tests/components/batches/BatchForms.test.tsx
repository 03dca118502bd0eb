import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { CreateBatchDialog } from '../../../src/batches/CreateBatchDialog';
import { EndUseDialog } from '../../../src/batches/EndUseDialog';
import { LabResultDialog } from '../../../src/batches/LabResultDialog';
import { logInAs } from '../support/renderApp';
import { renderWithNotification } from '../support/renderInAdmin';
import { FACILITY, LAB, makeBatch, makeEndUse, makeLabResult } from './support';

const LOADED = { timeout: 5000 };
const refusal = (field: string, reason: string) => new HttpError(reason, 400, { message: reason, errors: { [field]: reason } });
const pdf = (name = 'certificate.pdf') => new File(['%PDF-1.7\n'], name, { type: 'application/pdf' });

beforeEach(() => logInAs(3, 'kilnadmin'));
afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

async function choose(dialog: ReturnType<typeof within>, combobox: string, option: string) {
  await userEvent.click(dialog.getByRole('combobox', { name: combobox }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('creating a batch', { timeout: 20000 }, () => {
  const logs = [
    { id: 41, analysis_id: 41, facility_id: 3, type: 0, kiln_id: 'K1', logts: '2026-03-01T06:00:00', file_name: 'a.csv' },
    { id: 42, analysis_id: 42, facility_id: 3, type: 0, kiln_id: 'K1', logts: '2026-03-02T06:00:00', file_name: 'b.csv' },
  ];
  const provider = (create: (resource: string, params: { data: unknown }) => Promise<unknown>) => ({
    getList: async () => ({ data: [FACILITY], total: 1 }),
    getMany: async () => ({ data: logs }),
    create: vi.fn(create),
  });

  it("from Kiln Logs' selection takes the burns' facility and kiln type and sends the batch", async () => {
    const methods = provider(async (_r, { data }) => ({ data: { ...makeBatch(), ...(data as object) } }));
    renderWithNotification(<CreateBatchDialog analysisIds={[41, 42]} onClose={() => {}} />, methods as never);
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a batch' }, LOADED));
    expect(dialog.getByText('2 burns chosen')).toBeInTheDocument();
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Facility' })).toHaveTextContent('CG1 · Cerro Grande'), LOADED);
    expect(dialog.getByRole('combobox', { name: 'Kiln type' })).toHaveTextContent('C-Go-1');
    await choose(dialog, 'Feedstock', 'Other');
    await userEvent.type(dialog.getByRole('textbox', { name: 'What the feedstock was' }), 'Coffee husks');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Label' }), 'March husks');
    await userEvent.click(dialog.getByRole('button', { name: 'Create batch' }));
    expect(await screen.findByText('Batch created.', {}, LOADED)).toBeInTheDocument();
    expect(methods.create).toHaveBeenCalledWith('batches', {
      data: {
        label: 'March husks',
        facility_id: 3,
        kiln_type: 0,
        feedstock: 'other',
        feedstock_note: 'Coffee husks',
        analysis_ids: [41, 42],
      },
    });
  });

  it("shows the server's refusal on the field it names, and stays open", async () => {
    const methods = provider(() => Promise.reject(refusal('label', 'label is taken by batch 3 of this facility.')));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithNotification(<CreateBatchDialog analysisIds={[41, 42]} onClose={() => {}} />, methods as never);
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a batch' }, LOADED));
    await choose(dialog, 'Feedstock', 'Wood');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Label' }), 'March');
    await userEvent.click(dialog.getByRole('button', { name: 'Create batch' }));
    expect(await dialog.findByText('label is taken by batch 3 of this facility.', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create a batch' })).toBeInTheDocument();
  });

  it('from the batch list offers the valid burns of the chosen facility and kiln type', async () => {
    const methods = provider(async (_r, { data }) => ({ data: { ...makeBatch(), ...(data as object) } }));
    methods.getList = vi.fn(async (resource: string) =>
      resource === 'facilities' ? { data: [FACILITY], total: 1 } : { data: logs, total: logs.length },
    ) as never;
    renderWithNotification(<CreateBatchDialog onClose={() => {}} />, methods as never);
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a batch' }, LOADED));
    await choose(dialog, 'Facility', 'CG1 · Cerro Grande');
    await choose(dialog, 'Kiln type', 'C-Go-1');
    await userEvent.click(await dialog.findByRole('checkbox', { name: /^42 · K1/ }, LOADED));
    expect(dialog.getByText(/1 burn chosen/)).toBeInTheDocument();
    expect(methods.getList).toHaveBeenCalledWith(
      'kiln_logs',
      expect.objectContaining({ filter: { facility_id: 3, type: 0, status: 'valid' } }),
    );
  });
});

describe('adding a lab result', { timeout: 20000 }, () => {
  async function fill() {
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a lab result' }, LOADED));
    await choose(dialog, 'Laboratory', 'Demo Soil Lab · ISO/IEC 17025 D-PL-1');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Sample id' }), 'S-9');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Sampled (YYYY-MM-DD)' }), '2026-03-12');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reported (YYYY-MM-DD)' }), '2026-03-20');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Methods (one per line)' }), 'ISO 16948{Enter}DIN 51732');
    await userEvent.type(dialog.getByRole('textbox', { name: 'C organic %' }), '76');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Moisture %' }), '20');
    await userEvent.upload(dialog.getByLabelText('Choose the certificate (PDF)'), pdf());
    return dialog;
  }

  it('sends the values and the certificate PDF, and names the result it corrects', async () => {
    const addLabResult = vi.fn(async () => makeLabResult({ id: 12 }));
    renderWithNotification(<LabResultDialog batchId={7} labs={[LAB]} results={[makeLabResult()]} onClose={() => {}} />, {
      addLabResult,
    } as never);
    const dialog = await fill();
    await choose(dialog, 'Corrects the result', '11 · S-1');
    await userEvent.click(dialog.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Lab result recorded.', {}, LOADED)).toBeInTheDocument();
    const [upload] = addLabResult.mock.calls[0] as unknown as [{ batchId: number; fields: Record<string, unknown>; certificate: File }];
    expect(upload.batchId).toBe(7);
    expect(upload.certificate.name).toBe('certificate.pdf');
    expect(upload.fields).toMatchObject({
      lab_id: '1',
      sample_id: 'S-9',
      methods: ['ISO 16948', 'DIN 51732'],
      c_org_pct: '76',
      moisture_pct: '20',
      supersedes: '11',
    });
  });

  it('refuses a certificate that is not a PDF, and shows a value the server refused on its field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const addLabResult = vi.fn(() => Promise.reject(refusal('c_org_pct', 'c_org_pct must be a number from 0 to 100.')));
    renderWithNotification(<LabResultDialog batchId={7} labs={[LAB]} results={[]} onClose={() => {}} />, { addLabResult } as never);
    const dialog = await fill();
    await userEvent.upload(dialog.getByLabelText('Choose the certificate (PDF)'), new File(['x'], 'photo.png', { type: 'image/png' }), {
      applyAccept: false,
    });
    expect(await dialog.findByText('The certificate must be a PDF.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();
    await userEvent.upload(dialog.getByLabelText('Choose the certificate (PDF)'), pdf());
    await userEvent.click(dialog.getByRole('button', { name: 'OK' }));
    expect(await dialog.findByText('c_org_pct must be a number from 0 to 100.', {}, LOADED)).toBeInTheDocument();
  });
});

describe('adding an end use', { timeout: 20000 }, () => {
  async function fillAllButPlace() {
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an end use' }, LOADED));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Dry kg' }), '12.345');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Mean annual soil temperature °C' }), '21.5');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Soil temperature source (measured, or the dataset)' }), 'measured');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Recipient' }), 'Demo farm');
    await userEvent.upload(dialog.getByLabelText('Choose the evidence (PDF or image)'), pdf('delivery.pdf'));
    return dialog;
  }

  it('takes the place from a click on the map and sends the dry kg as grams', async () => {
    const addEndUse = vi.fn(async () => makeEndUse());
    renderWithNotification(<EndUseDialog batchId={7} facility={FACILITY} onClose={() => {}} />, { addEndUse } as never);
    const dialog = await fillAllButPlace();
    // jsdom lays nothing out: a click anywhere is the view's centre, 0° 0°
    fireEvent.click(dialog.getByTestId('fleet-map').querySelector('svg')!);
    await waitFor(() => expect(dialog.getByRole('textbox', { name: 'Latitude' })).toHaveValue('0'));
    expect(dialog.getByRole('textbox', { name: 'Longitude' })).toHaveValue('0');
    await userEvent.click(dialog.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('End use recorded.', {}, LOADED)).toBeInTheDocument();
    expect(addEndUse).toHaveBeenCalledWith(
      expect.objectContaining({
        batchId: 7,
        fields: expect.objectContaining({ kind: 'soil_application', dry_g: '12345', latitude: '0', longitude: '0', soil_temp_c: '21.5' }),
      }),
    );
  });

  it('takes the place from the keyboard (Enter on the map, or typed), and shows a sum beyond the char on the dry kg', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const over = "dry_g 12.345 kg would bring the end uses to 90 kg, 8.766 kg more than the batch's wet biochar.";
    const addEndUse = vi.fn(() => Promise.reject(refusal('dry_g', over)));
    renderWithNotification(<EndUseDialog batchId={7} facility={FACILITY} onClose={() => {}} />, { addEndUse } as never);
    const dialog = await fillAllButPlace();
    const map = dialog.getByTestId('fleet-map');
    map.focus();
    await userEvent.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(dialog.getByRole('textbox', { name: 'Longitude' })).not.toHaveValue(''));
    await userEvent.clear(dialog.getByRole('textbox', { name: 'Latitude' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Latitude' }), '0.52');
    await userEvent.click(dialog.getByRole('button', { name: 'OK' }));
    expect(await dialog.findByText(over, {}, LOADED)).toBeInTheDocument();
    expect(addEndUse).toHaveBeenCalledWith(expect.objectContaining({ fields: expect.objectContaining({ latitude: '0.52' }) }));
  });
});
