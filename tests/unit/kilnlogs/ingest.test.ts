import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateBurn, KILN_TYPE } from '../../../mock-server/analysis';
import { HttpError } from '../../../mock-server/http/errors';
import { LocalBlobs } from '../../../mock-server/blobs/localBlobs';
import { ingestLog, reanalysis, safeFileName } from '../../../mock-server/kilnlogs/ingest';
import { KilnLogFiles } from '../../../mock-server/kilnlogs/storage';
import { DEMO_FACILITIES } from '../../../mock-server/seed/facilities';
import { EmbeddedStore } from '../../../mock-server/store/embedded/embeddedStore';
import { emptyEmbedded } from '../../../mock-server/store/embedded/state';
import type { FacilityRecord } from '../../../mock-server/store/model';
import { cgo1Kiln } from '../../helpers/kilnLogUploads';

const facility: FacilityRecord = { ...DEMO_FACILITIES[0], last_updated: '2026-01-01T00:00:00.000Z' };

const burn = (kilnId: string, seed: number) =>
  Buffer.from(generateBurn({ kiln_type: KILN_TYPE.CGO1, kiln_id: kilnId, seed, start_ts: Date.UTC(2026, 0, 5, 7, 30), facility }).text);

let dir: string;
let files: KilnLogFiles;
let data: EmbeddedStore;
const logCount = async () =>
  (await data.kilnLogs.list({ archived: false, facilityIds: null }, {}, { sort: { field: 'id', order: 'ASC' }, range: [0, 99] })).total;
const uploadTs = new Date('2026-01-05T16:00:00.000Z');

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-ingest-'));
  files = new KilnLogFiles(new LocalBlobs(path.join(dir, 'files'), false));
  data = new EmbeddedStore(dir);
  const state = emptyEmbedded();
  state.facilities.push({ ...facility });
  state.kilns.push({ id: 7, ...cgo1Kiln('CG1-0007', 1, '2024-01-01T00:00:00.000Z') });
  await data.replaceAll(state);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('ingestLog', () => {
  it('stores the file and its chart, and adds an analysed row', async () => {
    const bytes = burn('CG1-0007', 1);
    const row = await ingestLog(data, files, { bytes, fileName: null, uploadTs });
    expect(row).toMatchObject({
      id: 1,
      kiln_id: 'CG1-0007',
      kiln: 7,
      facility_id: 1,
      facility_name: 'Nairobi Char Works',
      type: 0,
      logts: '2026-01-05T07:30:00',
      upload_ts: uploadTs.toISOString(),
      file_name: 'CG1-0007_2026-01-05T0730.csv',
      valid: true,
      gps_in_range: true,
    });
    expect(await data.kilnLogs.get(row.id)).toEqual(row);
    expect(await logCount()).toBe(1);
    expect(fs.readFileSync(path.join(dir, 'files', row.s3key)).equals(bytes)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'files', 'analysis', '1.json'))).toBe(true);
  });

  it('refuses a duplicate with 409 and leaves no file behind', async () => {
    const bytes = burn('CG1-0007', 2);
    await ingestLog(data, files, { bytes, fileName: 'a.csv', uploadTs });
    const before = fs.readdirSync(path.join(dir, 'files', 'kilnlogs')).length;
    await expect(ingestLog(data, files, { bytes, fileName: 'b.csv', uploadTs })).rejects.toThrow(HttpError);
    expect(fs.readdirSync(path.join(dir, 'files', 'kilnlogs')).length).toBe(before);
    expect(await logCount()).toBe(1);
  });

  it('keeps an unknown kiln’s log as an error row, filed under the kiln id it names', async () => {
    const row = await ingestLog(data, files, { bytes: burn('CG1-9999', 3), fileName: null, uploadTs });
    expect(row).toMatchObject({
      kiln_id: 'CG1-9999',
      kiln: null,
      facility_id: null,
      valid: false,
      analysis: null,
      error_message: "Unknown kiln 'CG1-9999'.",
    });
  });

  it('files a log that breaks off mid-file under the kiln its header names', async () => {
    const text = burn('CG1-0007', 5).toString('utf8').split('\n').slice(0, 40).join('\n') + '\n2026-01-05,08:00';
    const row = await ingestLog(data, files, { bytes: Buffer.from(text), fileName: null, uploadTs });
    expect(row).toMatchObject({ kiln_id: 'CG1-0007', kiln: 7, facility_id: 1, type: 0, valid: false, analysis: null });
    expect(row.error_message).toMatch(/^Line 41: /);
  });

  it('keeps bytes that are not text at all', async () => {
    const row = await ingestLog(data, files, { bytes: Buffer.from([0xff, 0xfe, 0x00, 0x81]), fileName: 'x.bin', uploadTs });
    expect(row.error_message).toEqual(expect.any(String));
    expect(row.file_name).toBe('x.bin.csv');
  });
});

describe('reanalysis', () => {
  it('recomputes with the current facility factors', async () => {
    const bytes = burn('CG1-0007', 4);
    const row = await ingestLog(data, files, { bytes, fileName: null, uploadTs });
    const before = row.analysis_detail!;
    await data.facilities.update(1, { kiln_type_config: JSON.stringify({ cgo1: { wicf: 0.35, carbonRemovalFactor: 3 } }) });
    const { fields } = await reanalysis(data, row, bytes);
    expect(fields.analysis_detail!.biochar_produced).toBe(before.biochar_produced);
    expect(fields.analysis_detail!.co2_removed).toBeCloseTo(before.biochar_produced * 3, 1);
    expect(JSON.parse(fields.analysis!).parameters.carbon_removal_factor).toBe(3);
  });
});

describe('safeFileName', () => {
  it.each([
    ['burn.csv', 'burn.csv'],
    ['../../etc/passwd', 'passwd.csv'],
    ['C:\\logs\\kiln 7 "März".CSV', 'kiln_7_M_rz_.csv'],
    ['...', 'kilnlog.csv'],
    ['a'.repeat(300), `${'a'.repeat(100)}.csv`],
  ])('%s → %s', (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });
});
