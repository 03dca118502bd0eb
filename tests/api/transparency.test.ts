import { createHash, createPublicKey } from 'node:crypto';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { packageKey } from '../../mock-server/auditPackage/auditPackage';
import { pdfText } from '../../mock-server/auditPackage/reportText';
import { checkTransparency } from '../../mock-server/auditPackage/transparencyCheck';
import { verifyPackage } from '../../mock-server/auditPackage/verify';
import { rawPublicKey, verifyNote } from '../../mock-server/transparency/log';
import type { PackageTransparency } from '../../mock-server/transparency/packageProofs';
import type { ConsistencyProofResponse, InclusionProofResponse } from '../../src/domain/api/transparency';
import type { KilnKey } from '../../src/domain/api/configure';
import type { MintResult } from '../../src/domain/api/ecoAssets';
import { openSignedCheckpoint, type Checkpoint } from '../../src/domain/transparency/checkpoint';
import type { TransparencyEntry } from '../../src/domain/transparency/entries';
import { interiorHash, leafHash, verifyConsistency, verifyInclusion } from '../../src/domain/transparency/merkle';
import { judgeCheckpoint } from '../../src/domain/transparency/witness';
import { rewriteLog } from '../helpers/transparencyLog';
import { newKeyPair } from '../../mock-server/kilns/kilnKeys';
import { signOffWithTinyPdf } from '../helpers/configure';
import { burnCsv } from '../helpers/kilnLogUploads';
import { signedOffNewBurns } from '../helpers/signedOffAudits';
import { facility as storedFacility, kiln as storedKiln } from '../helpers/storeAccess';
import { binaryBody, useTestServer } from '../helpers/testServer';

/**
 * The transparency log over HTTP, on either store (docs/security.md, "Transparency log"): the
 * store's earlier acts brought in at start, one entry appended by each act in its transaction and
 * none by a refused one, the public checkpoint, entries and proofs, and their refusals.
 */

const api = useTestServer();
const { as } = api;
const http = () => api.server.http;
const NAIROBI = 1;

async function checkpoint(): Promise<Checkpoint> {
  const res = await http().get('/api/transparency/checkpoint');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  const opened = openSignedCheckpoint(
    res.text,
    api.server.ctx.config.transparencyOrigin,
    rawPublicKey(api.server.ctx.signer.publicKeyPem),
    verifyNote,
  );
  if (!opened.ok) throw new Error(opened.reason);
  return opened.checkpoint;
}

async function entryAt(index: number): Promise<{ bytes: Buffer; entry: TransparencyEntry }> {
  const res = await http().get(`/api/transparency/entries/${index}`).buffer(true).parse(binaryBody);
  expect(res.status).toBe(200);
  const bytes = res.body as Buffer;
  return { bytes, entry: JSON.parse(bytes.toString('utf8')) as TransparencyEntry };
}

const hashes = (hex: readonly string[]) => hex.map((h) => new Uint8Array(Buffer.from(h, 'hex')));

async function provesIncluded(index: number, at: Checkpoint): Promise<boolean> {
  const res = await http().get(`/api/transparency/proof/inclusion?index=${index}&tree_size=${at.size}`);
  expect(res.status).toBe(200);
  const proof = res.body as InclusionProofResponse;
  expect(proof).toMatchObject({ leaf_index: index, tree_size: at.size });
  return verifyInclusion(index, at.size, leafHash((await entryAt(index)).bytes), hashes(proof.hashes), at.root);
}

/** Runs the act and answers the entries it appended. */
async function appendedBy(act: () => Promise<unknown>): Promise<TransparencyEntry[]> {
  const before = await checkpoint();
  await act();
  const after = await checkpoint();
  const added = await Promise.all(Array.from({ length: after.size - before.size }, (_, i) => entryAt(before.size + i)));
  if (before.size > 0 && after.size > before.size) {
    const res = await http().get(`/api/transparency/proof/consistency?first=${before.size}&second=${after.size}`);
    expect(res.status).toBe(200);
    expect(verifyConsistency(before.size, after.size, before.root, after.root, hashes((res.body as ConsistencyProofResponse).hashes))).toBe(
      true,
    );
  }
  return added.map((a) => a.entry);
}

describe('the transparency log', () => {
  it("begins with the store's earlier acts, oldest first, then an entry saying how many were brought in", async () => {
    const { size } = await checkpoint();
    const entries = await Promise.all(Array.from({ length: size }, (_, i) => entryAt(i)));
    const start = entries.findIndex((e) => e.entry.kind === 'log_start');
    expect(start).toBeGreaterThan(0);
    expect(entries[start].entry).toMatchObject({ kind: 'log_start', brought_in: start });
    const broughtIn = entries.slice(0, start).map((e) => e.entry.kind);
    for (const kind of ['kilnlog', 'signoff', 'issuance', 'calibration', 'lab_key']) expect(broughtIn).toContain(kind);
    // nothing was uploaded since the start: every stored log was brought in
    expect(broughtIn.filter((k) => k === 'kilnlog')).toHaveLength((await api.server.ctx.data.transparency.actRecords()).kilnlogs.length);
    for (const [i, { bytes }] of entries.entries()) expect(bytes.toString('utf8'), `entry ${i}`).not.toMatch(/\n/);

    // a seeded audit's package, made as the log began, proves its signoff and burns against the tree they end
    const signoffAt = entries.findIndex((e) => e.entry.kind === 'signoff');
    const signoff = entries[signoffAt].entry;
    const audit = signoff.kind === 'signoff' ? signoff.audit_id : 0;
    const zip = (await http().get(`/api/audit/${audit}/package`).set(as('superadmin')).buffer(true).parse(binaryBody)).body as Buffer;
    const verified = await verifyPackage(zip);
    expect(verified.code, verified.lines.join('\n')).toBe(0);
    expect(verified.lines.find((l) => l.startsWith('transparency: '))).toMatch(
      new RegExp(`^transparency: the signoff \\(entry ${signoffAt}\\) .* at ${signoffAt + 1} entries `),
    );
  });

  it('appends one entry for an accepted log, with its SHA-256 and receipt time, that the next checkpoint proves', async () => {
    const csv = burnCsv('CG1-0007', await storedFacility(api.server, NAIROBI));
    let id = 0;
    const added = await appendedBy(async () => {
      const res = await http().post('/api/kilnlogs/upload').set(as('uploader')).set('Content-Type', 'text/csv').send(Buffer.from(csv));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      id = res.body.id as number;
    });
    const stored = (await api.server.ctx.data.kilnLogs.get(id))!;
    expect(added).toEqual([
      {
        kind: 'kilnlog',
        log_id: id,
        kiln_id: 'CG1-0007',
        sha256: createHash('sha256').update(csv).digest('hex'),
        key_fingerprint: stored.key_fingerprint,
        received_ts: stored.upload_ts,
      },
    ]);
    const at = await checkpoint();
    expect(await provesIncluded(at.size - 1, at)).toBe(true);
    // the same content again is refused (409) and appends nothing
    const again = await appendedBy(async () => {
      const res = await http().post('/api/kilnlogs/upload').set(as('uploader')).set('Content-Type', 'text/csv').send(Buffer.from(csv));
      expect(res.status).toBe(409);
    });
    expect(again).toEqual([]);
  });

  it("appends a kiln key's approval and its revocation, not a key waiting for approval nor a refused revocation", async () => {
    const kiln = (await storedKiln(api.server, 'CG1-0007')).id;
    let key: KilnKey | undefined;
    expect(
      await appendedBy(async () => {
        const res = await http()
          .post(`/api/kilns/${kiln}/keys`)
          .set(as('facilityadmin'))
          .send({ label: 'log test', public_key: newKeyPair().publicPem });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        key = res.body as KilnKey;
      }),
    ).toEqual([]);
    const approved = await appendedBy(async () => {
      expect((await http().post(`/api/kilns/${kiln}/keys/${key!.id}/approve`).set(as('superadmin'))).status).toBe(200);
    });
    expect(approved).toEqual([
      expect.objectContaining({ kind: 'kiln_key', act: 'approve', kiln, key_id: key!.id, fingerprint: key!.fingerprint }),
    ]);
    const revoked = await appendedBy(async () => {
      expect((await http().post(`/api/kilns/${kiln}/keys/${key!.id}/revoke`).set(as('superadmin'))).status).toBe(200);
    });
    expect(revoked).toEqual([expect.objectContaining({ kind: 'kiln_key', act: 'revoke', key_id: key!.id })]);
    const refused = await appendedBy(async () => {
      expect((await http().post(`/api/kilns/${kiln}/keys/${key!.id}/revoke`).set(as('superadmin'))).status).toBe(409);
    });
    expect(refused).toEqual([]);
  });

  it("appends a lab key's registration and its revocation, not a refused revocation", async () => {
    const lab = (await http().post('/api/labs').set(as('superadmin')).send({ name: 'Log Test Lab', accreditation: 'ISO/IEC 17025 LOG-1' }))
      .body as { id: number };
    let key: { id: number; fingerprint: string; registered_ts: string } | undefined;
    const registered = await appendedBy(async () => {
      const res = await http().post(`/api/labs/${lab.id}/keys`).set(as('superadmin')).send({ public_key: newKeyPair().publicPem });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      key = res.body as typeof key;
    });
    expect(registered).toEqual([
      { kind: 'lab_key', act: 'register', lab: lab.id, key_id: key!.id, fingerprint: key!.fingerprint, ts: key!.registered_ts },
    ]);
    let revokedTs = '';
    const revoked = await appendedBy(async () => {
      const res = await http().post(`/api/labs/${lab.id}/keys/${key!.id}/revoke`).set(as('superadmin'));
      expect(res.status).toBe(200);
      revokedTs = res.body.revoked_ts as string;
    });
    expect(revoked).toEqual([
      { kind: 'lab_key', act: 'revoke', lab: lab.id, key_id: key!.id, fingerprint: key!.fingerprint, ts: revokedTs },
    ]);
    const refused = await appendedBy(async () => {
      expect((await http().post(`/api/labs/${lab.id}/keys/${key!.id}/revoke`).set(as('superadmin'))).status).toBe(409);
    });
    expect(refused).toEqual([]);
  });

  it('appends an issuance and a retirement in whole grams', async () => {
    const data = api.server.ctx.data;
    const facility = (await data.facilities.get(NAIROBI))!;
    const audit = await signedOffNewBurns(data, facility, [{ co2: 7.5 }], { jobId: 'LOG-MINT', docName: 'log-mint' });
    let asset = 0;
    const minted = await appendedBy(async () => {
      const res = await http()
        .post('/api/eco-asset/mint')
        .set(as('broker'))
        .send({ minting_note: 'log test', transaction_id: 'TX-LOG-1', co2_utilisation: { [audit.id]: 2.5 } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      asset = (res.body as MintResult).eco_asset.id;
    });
    expect(minted).toEqual([
      expect.objectContaining({ kind: 'issuance', asset_id: asset, transaction_id: 'TX-LOG-1', audit_ids: [audit.id] }),
    ]);
    const issued = minted[0].kind === 'issuance' ? minted[0] : null;
    expect(issued!.issued_g + issued!.buffer_g).toBe(2500);
    const retired = await appendedBy(async () => {
      const res = await http()
        .post(`/api/eco-asset/${asset}/retire`)
        .set(as('broker'))
        .send({ kg: 0.001, beneficiary: 'Log test', purpose: 'proof' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(retired).toEqual([expect.objectContaining({ kind: 'retirement', asset_id: asset, retired_g: 1, beneficiary: 'Log test' })]);

    // the certificate names both entries and the signed checkpoint they are proved against
    const at = await checkpoint();
    const log = api.server.ctx.data.transparency;
    const [issuanceAt, retirementAt] = [(await log.indexOf(`issuance:${asset}`))!, at.size - 1];
    const pdf = (await http().get(`/api/eco-asset/${asset}/certificate`).set(as('broker')).buffer(true).parse(binaryBody)).body as Buffer;
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    expect(text).toContain(`Issuance: log entry ${issuanceAt};`);
    expect(text).toContain(`log entry ${retirementAt}`);
    const origin = api.server.ctx.config.transparencyOrigin;
    expect(text).toContain(`${origin} ${at.size} ${Buffer.from(at.root).toString('base64')} signature by ${origin}: `);
    expect(await provesIncluded(issuanceAt, at)).toBe(true);

    // the public page finds the issuance by its transaction id, as the ledger compares them
    for (const typed of ['TX-LOG-1', ' tx-log-1 ']) {
      const found = await http().get('/api/transparency/lookup').query({ q: typed });
      expect(found.body, typed).toEqual({ index: issuanceAt });
    }
    expect((await http().get('/api/transparency/lookup').query({ q: 'TX-LOG-2' })).status).toBe(404);
    // digits that are no transaction id are an entry index, within the log
    expect((await http().get('/api/transparency/lookup').query({ q: '0' })).body).toEqual({ index: 0 });
    expect(
      (
        await http()
          .get('/api/transparency/lookup')
          .query({ q: String(at.size + 5) })
      ).status,
    ).toBe(404);
  });

  it("appends a signoff naming its package's manifest, fixed at signoff: the package downloaded later holds that manifest", async () => {
    const csv = burnCsv('CG1-0007', await storedFacility(api.server, NAIROBI));
    const upload = await http().post('/api/kilnlogs/upload').set(as('uploader')).set('Content-Type', 'text/csv').send(Buffer.from(csv));
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const proposed = await http()
      .post('/api/audit/propose')
      .query({ job_id: 'JOB-LOG', kiln_type: -1 })
      .set(as('kilnadmin'))
      .send({ analysis_ids: [upload.body.id] });
    expect(proposed.status, proposed.text).toBe(201);
    let digest = '';
    const added = await appendedBy(async () => {
      const signed = await signOffWithTinyPdf(api.server, api.tokens.superadmin, proposed.body.id, [upload.body.id]);
      expect(signed.status, signed.text).toBe(200);
      digest = signed.body.package_sha256 as string;
    });
    const zip = (await http().get(`/api/audit/${proposed.body.id}/package`).set(as('superadmin')).buffer(true).parse(binaryBody))
      .body as Buffer;
    expect(createHash('sha256').update(zip).digest('hex')).toBe(digest);
    const files = unzipSync(zip);
    const manifest = files['manifest.json'];
    expect(added).toEqual([
      expect.objectContaining({
        kind: 'signoff',
        audit_id: proposed.body.id,
        job_id: 'JOB-LOG',
        facility_id: NAIROBI,
        manifest_sha256: createHash('sha256').update(manifest).digest('hex'),
      }),
    ]);

    // the package proves its signoff and its burn against the checkpoint it holds, offline
    const at = await checkpoint();
    const verified = await verifyPackage(zip);
    expect(verified.code, verified.lines.join('\n')).toBe(0);
    expect(verified.lines).toContain(
      `transparency: the signoff (entry ${at.size - 1}) and 1 burn included in ${api.server.ctx.config.transparencyOrigin} at ${at.size} entries (checkpoint.txt, signed by the console key)`,
    );
    // made again from the store once the log has grown, the package is the same bytes
    const more = burnCsv('CG1-0007', await storedFacility(api.server, NAIROBI));
    expect(
      (await http().post('/api/kilnlogs/upload').set(as('uploader')).set('Content-Type', 'text/csv').send(Buffer.from(more))).status,
    ).toBe(201);
    const audit = (await api.server.ctx.data.audits.get(proposed.body.id))!;
    await api.server.ctx.blobs.remove(packageKey(audit));
    const remade = (await http().get(`/api/audit/${audit.id}/package`).set(as('superadmin')).buffer(true).parse(binaryBody)).body as Buffer;
    expect(remade.equals(zip)).toBe(true);
    const proofs = JSON.parse(Buffer.from(files['transparency.json']).toString('utf8')) as PackageTransparency;
    expect(proofs.burns.map((b) => b.analysis_id)).toEqual([upload.body.id]);
    expect(JSON.parse(proofs.burns[0].entry)).toMatchObject({ kind: 'kilnlog', log_id: upload.body.id });

    // each proof is checked: a changed entry, a burn left out, a checkpoint signed by another key
    const key = createPublicKey(api.server.ctx.signer.publicKeyPem);
    const check = (changed: Record<string, Uint8Array>, signer = key) =>
      checkTransparency((name) => ({ ...files, ...changed })[name], JSON.parse(Buffer.from(manifest).toString('utf8')), manifest, signer)
        .problems;
    expect(check({})).toEqual([]);
    const rewritten = { ...proofs, burns: [{ ...proofs.burns[0], entry: proofs.burns[0].entry.replace('"kind"', '"forged":1,"kind"') }] };
    expect(check({ 'transparency.json': Buffer.from(JSON.stringify(rewritten)) })).toEqual([
      `transparency.json: burn ${upload.body.id}: entry ${proofs.burns[0].index} is not included in the checkpoint's tree`,
    ]);
    expect(check({ 'transparency.json': Buffer.from(JSON.stringify({ ...proofs, burns: [] })) })).toEqual([
      `transparency.json: burn ${upload.body.id}: recorded "an entry", re-derived "none"`,
    ]);
    expect(check({}, createPublicKey(newKeyPair().publicPem))).toEqual(['checkpoint.txt: signature: no signature by the trusted key']);

    // the public page finds the signoff by the package's digest Audit History shows, or by its manifest's
    const signoffAt = (await api.server.ctx.data.transparency.indexOf(`signoff:${audit.id}`))!;
    for (const sha256 of [digest, digest.toUpperCase(), createHash('sha256').update(manifest).digest('hex')]) {
      expect((await http().get('/api/transparency/lookup').query({ q: sha256 })).body, sha256).toEqual({ index: signoffAt });
    }
    const elsewhere = await http()
      .get('/api/transparency/lookup')
      .query({ q: 'ab'.repeat(32) });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe(
      'No verification package, manifest or eco asset of this SHA-256 or transaction id is in the transparency log.',
    );
  });

  it("finds every demo audit's signoff by its package's digest and every demo asset's issuance by its transaction id", async () => {
    const { data } = api.server.ctx;
    const log = data.transparency;
    // the demo's, brought in at start (the helpers above sign off straight in the store, past the log)
    const logged = [];
    for (const { audit } of await data.audits.history({ facilityIds: null }))
      if ((await log.indexOf(`signoff:${audit.id}`)) !== null) logged.push(audit);
    expect(logged.length).toBeGreaterThan(0);
    for (const history of logged) {
      const zip = (await http().get(`/api/audit/${history.id}/package`).set(as('superadmin')).buffer(true).parse(binaryBody))
        .body as Buffer;
      const found = await http()
        .get('/api/transparency/lookup')
        .query({ q: createHash('sha256').update(zip).digest('hex') });
      expect(found.body, `audit ${history.id}`).toEqual({ index: await log.indexOf(`signoff:${history.id}`) });
    }
    const facilities = await data.facilities.list();
    const assets = (await Promise.all(facilities.map((f) => data.ecoAssets.list({ facilityId: f.id })))).flat();
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const found = await http().get('/api/transparency/lookup').query({ q: asset.transaction_id });
      expect(found.body, asset.transaction_id).toEqual({ index: await log.indexOf(`issuance:${asset.id}`) });
    }
  });

  it('answers 400 naming the parameter for a malformed or out-of-range index or size, never a 500', async () => {
    const { size } = await checkpoint();
    const refusals: [string, string][] = [
      ['/api/transparency/entries/abc', 'index'],
      ['/api/transparency/entries/-1', 'index'],
      [`/api/transparency/entries/${size}`, 'index'],
      ['/api/transparency/entries/1e3', 'index'],
      ['/api/transparency/proof/inclusion?index=0', 'tree_size'],
      ['/api/transparency/proof/inclusion?index=0&tree_size=0', 'tree_size'],
      [`/api/transparency/proof/inclusion?index=3&tree_size=3`, 'index'],
      [`/api/transparency/proof/inclusion?index=0&tree_size=${size + 1}`, 'tree_size'],
      ['/api/transparency/proof/inclusion?index=0&tree_size=2&extra=1', 'extra'],
      ['/api/transparency/proof/consistency?first=0&second=2', 'first'],
      ['/api/transparency/proof/consistency?first=3&second=2', 'first'],
      [`/api/transparency/proof/consistency?first=1&second=${size + 1}`, 'second'],
      ['/api/transparency/proof/consistency?first=1&second=99999999999999999999', 'second'],
      ['/api/transparency/checkpoint?size=1', 'size'],
      ['/api/transparency/lookup', 'q'],
      ['/api/transparency/lookup?q=', 'q'],
      ['/api/transparency/lookup?q=%20', 'q'],
      [`/api/transparency/lookup?q=${'x'.repeat(201)}`, 'q'],
      ['/api/transparency/lookup?q=a&q=b', 'q'],
      ['/api/transparency/lookup?q=a&extra=1', 'extra'],
    ];
    for (const [url, field] of refusals) {
      const res = await http().get(url);
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
      expect(Object.keys(res.body.errors ?? {}), url).toEqual([field]);
    }
  });
});

describe('a rewrite of the stored log', () => {
  const hex = (hash: Uint8Array) => Buffer.from(hash).toString('hex');

  it("is caught: an entry changed in the store fails its inclusion proof, and with its tree's nodes rewritten the witness sees another root; a dropped entry, a smaller tree", async () => {
    const held = await checkpoint();
    const index = 1;
    const { bytes } = await entryAt(index);
    const forged = bytes.toString('utf8').replace(/"kind":"(\w+)"/, '"kind":"$1","forged":true');
    await rewriteLog(api.server, { entry: { idx: index, entry: forged } });
    expect(await provesIncluded(index, held)).toBe(false);

    // an operator who also rewrites the nodes above the entry makes the proofs verify again, and changes the root
    const nodes: { level: number; idx: number; hash: string }[] = [];
    let hash = leafHash(Buffer.from(forged));
    nodes.push({ level: 0, idx: index, hash: hex(hash) });
    const known = await api.server.ctx.data.transparency.nodes(
      Array.from({ length: 40 }, (_, level) => ({ level, index: Math.floor(index / 2 ** level) ^ 1 })),
    );
    for (let level = 1; (Math.floor(index / 2 ** level) + 1) * 2 ** level <= held.size; level++) {
      const sibling = known.get(`${level - 1}/${Math.floor(index / 2 ** (level - 1)) ^ 1}`)!;
      hash = Math.floor(index / 2 ** (level - 1)) % 2 === 0 ? interiorHash(hash, sibling) : interiorHash(sibling, hash);
      nodes.push({ level, idx: Math.floor(index / 2 ** level), hash: hex(hash) });
    }
    await rewriteLog(api.server, { nodes });
    const rewritten = await checkpoint();
    expect(await provesIncluded(index, rewritten)).toBe(true);
    expect(await provesIncluded(index, held)).toBe(false);
    expect(judgeCheckpoint(held, rewritten, [])).toEqual({ ok: false, reason: `another root at the same size, ${held.size}` });

    await rewriteLog(api.server, { dropFrom: held.size - 1 });
    const dropped = await checkpoint();
    expect(judgeCheckpoint(held, dropped, [])).toEqual({
      ok: false,
      reason: `the tree shrank from ${held.size} to ${held.size - 1} entries`,
    });
  });
});
