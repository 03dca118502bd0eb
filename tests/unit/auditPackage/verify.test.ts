import { sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { ALGORITHM_VERSION } from '../../../mock-server/analysis';
import { releasedAnalysis, releasedVersions } from '../../../mock-server/analysis/versions';
import { EXIT, verifyPackage } from '../../../mock-server/auditPackage/verify';
import { flipByte, readJson, repack, sha256, withManifest as changed, writeJson, type Manifest } from '../../helpers/packageEdits';
import { kilnKeyPair, makePackage } from './packageFixture';

/**
 * The offline verifier on packages made here: a sound one verifies; a byte
 * changed anywhere, a signature that no longer fits (even with every hash
 * made to agree), a number or total changed, or an unknown algorithm
 * version is caught and named.
 */

const { zip: GOOD, signer } = await makePackage();
const LOG = 'logs/11.csv';

/** The manifest changed by `edit`, the report left as it was. */
const withManifest = (edit: (m: Manifest) => void) => changed(GOOD, edit);

/** A log changed and every hash made to agree with it: only its kiln signature can tell. */
function forgedLog(change: (raw: Uint8Array) => Uint8Array) {
  return repack(GOOD, (files) => {
    files[LOG] = change(files[LOG]);
    const manifest = readJson(files['manifest.json']);
    manifest.files[LOG] = sha256(files[LOG]);
    manifest.burns[0].log_sha256 = sha256(files[LOG]);
    files['manifest.json'] = writeJson(manifest);
  });
}

describe('verifyPackage', () => {
  it('verifies a sound package: one line per burn, the verdict, exit 0', async () => {
    const { code, lines } = await verifyPackage(GOOD);
    expect(lines.at(-1)).toMatch(/^VERIFIED: audit JOB-VERIFY-1 \(7\), 3 burns/);
    expect(code).toBe(EXIT.verified);
    expect(lines.filter((l) => l.startsWith('burn '))).toHaveLength(3);
    expect(lines[0]).toContain(`signed (key ${signer.key.fingerprint})`);
    expect(lines[1]).toContain('unsigned');
  });

  it('names a log whose byte changed (its SHA-256)', async () => {
    const { code, lines } = await verifyPackage(repack(GOOD, (f) => (f[LOG] = flipByte(f[LOG]))));
    expect(code).toBe(EXIT.different);
    expect(lines.at(-1)).toMatch(/^DIFFERENT: logs\/11\.csv: SHA-256: recorded "[0-9a-f]{64}", re-derived "[0-9a-f]{64}"$/);
  });

  it('names a signed log changed after signing even when every hash was made to agree', async () => {
    const { code, lines } = await verifyPackage(forgedLog((raw) => flipByte(raw)));
    expect(code).toBe(EXIT.different);
    expect(lines.at(-1)).toContain('DIFFERENT: logs/11.csv: kiln signature');
  });

  it('names a log signed by another key than the one it names', async () => {
    const other = kilnKeyPair('K-0');
    const zip = repack(GOOD, (files) => {
      const manifest = readJson(files['manifest.json']);
      manifest.burns[0].signature = sign(null, files[LOG], other.privateKey).toString('base64');
      files['manifest.json'] = writeJson(manifest);
    });
    const { code, lines } = await verifyPackage(zip);
    expect(code).toBe(EXIT.different);
    expect(lines.at(-1)).toContain('logs/11.csv: kiln signature');
  });

  it('names a key whose fingerprint is not its own, and a signed burn whose key is missing', async () => {
    const wrongPrint = await verifyPackage(
      withManifest((m) => ((m.kiln_keys as { fingerprint: string }[])[0].fingerprint = 'ab'.repeat(32))),
    );
    expect(wrongPrint.code).toBe(EXIT.different);
    expect(wrongPrint.lines.at(-1)).toMatch(/manifest\.json: kiln_keys\[(ab)+\]\.fingerprint/);
    const noKey = await verifyPackage(withManifest((m) => (m.kiln_keys = [])));
    expect(noKey.lines.at(-1)).toContain('logs/11.csv: key_fingerprint');
  });

  it('names the statement or the README whose byte changed', async () => {
    const statement = await verifyPackage(repack(GOOD, (f) => (f['statement.pdf'] = flipByte(f['statement.pdf'], 5))));
    expect(statement.code).toBe(EXIT.different);
    expect(statement.lines.at(-1)).toMatch(/^DIFFERENT: statement\.pdf: SHA-256/);
    const readme = await verifyPackage(repack(GOOD, (f) => (f['README.txt'] = flipByte(f['README.txt'], 3))));
    expect(readme.lines.at(-1)).toMatch(/^DIFFERENT: README\.txt: SHA-256/);
  });

  it('names a frozen number changed in the manifest, recorded against re-derived, to the gram', async () => {
    let grams = 0;
    const { code, lines } = await verifyPackage(
      withManifest((m) => {
        grams = m.burns[1].co2_removed_g as number;
        m.burns[1].co2_removed_g = grams + 1;
      }),
    );
    expect(code).toBe(EXIT.different);
    expect(lines.at(-1)).toBe(`DIFFERENT: manifest.json burn 12 (logs/12.csv): co2_removed_g: recorded ${grams + 1}, re-derived ${grams}`);
  });

  it('names any analysis field and any factor changed', async () => {
    const field = await verifyPackage(withManifest((m) => ((m.burns[0].analysis as Record<string, number>).charing_rate += 0.01)));
    expect(field.lines.at(-1)).toMatch(
      /^DIFFERENT: manifest\.json burn 11 \(logs\/11\.csv\): analysis\.charing_rate: recorded [\d.]+, re-derived [\d.]+$/,
    );
    const factor = await verifyPackage(
      withManifest((m) => ((m.burns[0].factors as { facility: { carbon_removal_factor: number } }).facility.carbon_removal_factor = 3)),
    );
    expect(factor.code).toBe(EXIT.different);
    expect(factor.lines.at(-1)).toContain('manifest.json burn 11 (logs/11.csv): analysis.');
  });

  it('names a total that is not the sum of the burns', async () => {
    const { code, lines } = await verifyPackage(
      withManifest((m) => ((m.totals as { biochar_produced_g: number }).biochar_produced_g += 1000)),
    );
    expect(code).toBe(EXIT.different);
    expect(lines.at(-1)).toMatch(/^DIFFERENT: manifest\.json: totals\.biochar_produced_g/);
  });

  it('names a report that does not name the manifest (a manifest changed consistently, or another report)', async () => {
    const { code, lines } = await verifyPackage(withManifest((m) => ((m.audit as { job_id: string }).job_id = 'JOB-OTHER')));
    expect(code).toBe(EXIT.different);
    expect(lines.at(-1)).toMatch(/^DIFFERENT: report\.pdf: manifest\.json SHA-256/);
  });

  it('names a file the manifest does not list, and a listed file that is missing', async () => {
    const extra = await verifyPackage(repack(GOOD, (f) => (f['logs/99.csv'] = Buffer.from('x'))));
    expect(extra.lines.at(-1)).toMatch(/^DIFFERENT: logs\/99\.csv: SHA-256: recorded "\(not listed in manifest\.json\)"/);
    const missing = await verifyPackage(repack(GOOD, (f) => delete f['logs/12.csv']));
    expect(missing.lines.at(-1)).toBe('DIFFERENT: logs/12.csv: file: recorded "present", re-derived "missing"');
  });

  it('exits 2 naming an algorithm version it does not implement', async () => {
    const zip = withManifest((m) => {
      m.burns[2].algorithm_version = '9.9.9';
    });
    const { code, lines } = await verifyPackage(zip);
    expect(code).toBe(EXIT.unknownAlgorithm);
    expect(lines.at(-1)).toContain('algorithm version 9.9.9, which this verifier does not implement');
  });

  it('says what is not a package', async () => {
    const { code, lines } = await verifyPackage(Buffer.from('not a zip'));
    expect(code).toBe(EXIT.different);
    expect(lines.at(-1)).toContain('(package): zip');
  });
});

describe('released algorithm versions', () => {
  it('run the current version by its name, and no other', () => {
    expect(releasedVersions()).toContain(ALGORITHM_VERSION);
    expect(releasedAnalysis(ALGORITHM_VERSION)).toBeTypeOf('function');
    expect(releasedAnalysis('9.9.9')).toBeNull();
    expect(releasedAnalysis('constructor')).toBeNull();
  });
});

describe('buildPackage', () => {
  it('makes the same bytes every time for the same audit', async () => {
    const again = await makePackage(signer);
    expect(Buffer.from(again.zip).equals(Buffer.from(GOOD))).toBe(true);
    expect(Object.keys(unzipSync(GOOD))).toEqual([
      'manifest.json',
      'report.pdf',
      'README.txt',
      'METHOD.md',
      'statement.pdf',
      'logs/11.csv',
      'logs/12.csv',
      'logs/13.csv',
    ]);
  });
});
