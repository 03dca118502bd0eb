import sharp from 'sharp';
import type { FacilitySavePayload, KilnSavePayload } from '../../src/domain/api/configure';
import { encodePng } from '../../mock-server/seed/media/png';
import { DEMO_USERS } from '../../mock-server/seed/users';
import type { TestServer } from './testServer';

export type DemoUsername = (typeof DEMO_USERS)[number]['username'];

/** A token for every demo account, by username. */
export async function loginAll(server: TestServer): Promise<Record<DemoUsername, string>> {
  const tokens = await Promise.all(DEMO_USERS.map((u) => server.login(u.username)));
  return Object.fromEntries(DEMO_USERS.map((u, i) => [u.username, tokens[i]])) as Record<DemoUsername, string>;
}

/** The demo users whose role lacks a rule, for 403 tables. */
export function usersWithout(allowed: readonly DemoUsername[]): DemoUsername[] {
  return DEMO_USERS.map((u) => u.username).filter((name) => !allowed.includes(name));
}

let kilnCounter = 100;

/** A valid new C-Go-1 kiln for facility 1 (a fresh kiln id on every call). */
export function kilnPayload(overrides: Partial<KilnSavePayload> = {}): KilnSavePayload {
  return {
    id: null,
    kiln_id: `CG1-T${kilnCounter++}`,
    facility_id: 1,
    type: 0,
    install_date: '2025-06-01',
    config: { cgo1: { per_g_weight: 10.1234, zero_weight: 8000.25 } },
    ...overrides,
  };
}

type StoredFacility = Pick<FacilitySavePayload, 'id' | 'mnemonic' | 'name' | 'owner_id'> & {
  id: number;
  latitude_min: number;
  latitude_max: number;
  longitude_min: number;
  longitude_max: number;
  kiln_type_config: string;
};

/** The edit payload that saves a facility as it is stored (change what the test is about). */
export function savePayloadOf(f: StoredFacility): FacilitySavePayload {
  return {
    id: f.id,
    mnemonic: f.mnemonic,
    name: f.name,
    owner_id: f.owner_id,
    latMin: f.latitude_min,
    latMax: f.latitude_max,
    lonMin: f.longitude_min,
    lonMax: f.longitude_max,
    config: JSON.parse(f.kiln_type_config),
  };
}

let facilityCounter = 1;

/** A valid new facility owned by the super-admin (a fresh mnemonic on every call). */
export function facilityPayload(overrides: Partial<FacilitySavePayload> = {}): FacilitySavePayload {
  return {
    id: null,
    mnemonic: `TST${facilityCounter++}`,
    name: 'Test Biochar Yard',
    owner_id: 1,
    latMin: -10.5,
    latMax: -9.25,
    lonMin: 30,
    lonMax: 31.75,
    config: { cgo1: { wicf: 0.35, carbonRemovalFactor: 2.44 } },
    ...overrides,
  };
}

/** A real PNG of the given size (a flat grey picture). */
export function pngImage(width: number, height: number): Buffer {
  return encodePng(width, height, new Uint8Array(width * height * 3).fill(128));
}

/** A real baseline JPEG of the given size (a flat grey picture), encoded by sharp. */
export function jpegImage(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 } } })
    .jpeg()
    .toBuffer();
}

/**
 * The header of a baseline JPEG of the given size: SOI, a JFIF APP0 and a
 * SOF0 frame and no picture: detected as a JPEG by its magic bytes, but it does not decode.
 */
export function jpegHeader(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof0 = [
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
}

/** A one-page PDF as small as a valid one gets. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/**
 * POST /api/audit/signoff of a proposal's burns, TINY_PDF the statement, as the holder of `token`.
 * The browser tests import this file too: it imports the test server's types only, never the server.
 */
export function signOffWithTinyPdf(server: Pick<TestServer, 'http'>, token: string, proposalId: number, analysisIds: readonly number[]) {
  let req = server.http.post('/api/audit/signoff').set('Authorization', `Bearer ${token}`).field('proposed_audit_id', String(proposalId));
  // one analysis_ids field a burn, as the console's form repeats it
  for (const id of analysisIds) req = req.field('analysis_ids', String(id));
  return req.field('file_type', 'pdf').attach('file', TINY_PDF, 'statement.pdf');
}
