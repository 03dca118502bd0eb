import { spawnSync } from 'node:child_process';
import { sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { unzipSync, zipSync } from 'fflate';
import { ALGORITHM_VERSION } from '../../../mock-server/analysis';
import { releasedAnalysis, releasedVersions } from '../../../mock-server/analysis/versions';
import { reportChart } from '../../../mock-server/auditPackage/build';
import type { PackageManifest } from '../../../mock-server/auditPackage/manifest';
import { renderReport } from '../../../mock-server/auditPackage/report';
import { EXIT, kidOfKey, verifyPackage, type TrustedKey } from '../../../mock-server/auditPackage/verify';
import { ZIP_LIMITS } from '../../../mock-server/auditPackage/zipReader';
import { flipByte, readJson, resign, sha256, writeJson, type Manifest } from '../../helpers/packageEdits';
import { CONSOLE_KEY, CONSOLE_SIGNER, kilnKeyPair, makePackage } from './packageFixture';

/**
 * The offline verifier on packages made here. A sound one verifies, re-zipped
 * by zip -r or python's zipfile too. A byte changed anywhere, a signature
 * that no longer fits, a number, a total or the report changed is named,
 * every one of them, even where whoever changed it re-signed the package with
 * the console's key. Zips a verifier cannot take at their word (duplicate
 * names, absolute and `..` paths, links, unlisted entries, bombs) are refused
 * with a DIFFERENT line; names from the package are printed escaped; an
 * unknown algorithm version is exit 2 only once everything else holds.
 */

const { zip: GOOD, signer } = await makePackage();
const LOG = 'logs/11.csv';
const work = mkdtempSync(join(tmpdir(), 'verify-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const PINNED: TrustedKey = { kid: CONSOLE_SIGNER.kid, key: null };
const consoleSign = (bytes: Uint8Array) => sign(null, bytes, CONSOLE_KEY.privateKey);

/** The package's files changed by `edit` and zipped again, re-signed unless `signed` is false. */
function changed(edit: (files: Record<string, Uint8Array>) => void, { signed = true } = {}): Uint8Array {
  const files = unzipSync(GOOD);
  edit(files);
  if (signed) resign(files, consoleSign);
  return zipSync(files);
}

/** The manifest changed by `edit`, its hash made to agree, the report left as it was. */
const withManifest = (edit: (m: Manifest) => void, options?: { signed?: boolean }) =>
  changed((files) => {
    const manifest = readJson(files['manifest.json']);
    edit(manifest);
    files['manifest.json'] = writeJson(manifest);
  }, options);

/** The report made again for the files as they are, as the console would have made it. */
async function remadeReport(files: Record<string, Uint8Array>): Promise<Uint8Array> {
  const manifest = readJson(files['manifest.json']) as unknown as PackageManifest;
  const charts = new Map(manifest.burns.map((b) => [b.analysis_id, reportChart(b, files[b.log_file])]));
  return renderReport(manifest, charts, sha256(files['manifest.json']));
}

const differences = (lines: readonly string[]) => lines.filter((l) => l.startsWith('DIFFERENT: '));

/** A zip written by python's zipfile from (name, bytes, unix mode) triples: what fflate cannot write (duplicates). */
function pythonZip(entries: [string, Uint8Array, number?][]): Uint8Array {
  const spec = join(work, `spec-${Math.random()}.json`);
  const out = join(work, `py-${Math.random()}.zip`);
  writeFileSync(spec, JSON.stringify(entries.map(([n, b, m]) => [n, Buffer.from(b).toString('base64'), m ?? 0o100644])));
  const script = `import sys, json, base64, zipfile, warnings
warnings.simplefilter('ignore')
with zipfile.ZipFile(sys.argv[2], 'w', zipfile.ZIP_DEFLATED) as z:
    for name, data, mode in json.load(open(sys.argv[1])):
        info = zipfile.ZipInfo(name, (2026, 4, 2, 12, 0, 0))
        info.external_attr = mode << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, base64.b64decode(data))`;
  const run = spawnSync('python3', ['-c', script, spec, out], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return readFileSync(out);
}

const goodEntries = (): [string, Uint8Array][] => Object.entries(unzipSync(GOOD));

describe('verifyPackage: a sound package', () => {
  it('verifies: one line per burn, the verdict naming the pinned key, exit 0', async () => {
    const { code, lines } = await verifyPackage(GOOD, { trust: PINNED });
    expect(lines.at(-1)).toMatch(/^VERIFIED: audit JOB-VERIFY-1 \(7\), 3 burns/);
    expect(lines.at(-1)).toContain(`signed by the pinned console key ${CONSOLE_SIGNER.kid}`);
    expect(code).toBe(EXIT.verified);
    expect(lines.filter((l) => l.startsWith('burn '))).toHaveLength(3);
    expect(lines[0]).toContain(`signed (key ${signer.key.fingerprint})`);
    expect(lines[1]).toContain('unsigned');
  });

  it('says when the key was not pinned, and checks against the packaged key', async () => {
    const { code, lines } = await verifyPackage(GOOD);
    expect(code).toBe(EXIT.verified);
    expect(lines.at(-1)).toContain(`signed by console key ${CONSOLE_SIGNER.kid}, which was NOT pinned`);
  });

  it('verifies pinned by a PEM key too', async () => {
    const { code } = await verifyPackage(GOOD, { trust: { kid: kidOfKey(CONSOLE_KEY.publicKey), key: CONSOLE_KEY.publicKey } });
    expect(code).toBe(EXIT.verified);
  });

  it('verifies when re-zipped by zip -r and by python zipfile, directory entries and all', async () => {
    const dir = join(work, 'unzipped');
    for (const [name, bytes] of goodEntries()) {
      const file = join(dir, name);
      spawnSync('mkdir', ['-p', join(file, '..')]);
      writeFileSync(file, bytes);
    }
    const zipR = join(work, 'zip-r.zip');
    const made = spawnSync('zip', ['-qr', zipR, '.'], { cwd: dir });
    if (made.status === 0) {
      const { code, lines } = await verifyPackage(readFileSync(zipR), { trust: PINNED });
      expect(lines.at(-1)).toMatch(/^VERIFIED/);
      expect(code).toBe(EXIT.verified);
    }
    const python = pythonZip([['logs/', new Uint8Array(0), 0o040755], ...goodEntries()]);
    expect((await verifyPackage(python, { trust: PINNED })).code).toBe(EXIT.verified);
  });
});

describe('verifyPackage: the console signature', () => {
  it('is DIFFERENT against another pinned key, and with no signature or no SHA256SUMS', async () => {
    const other = kilnKeyPair('console').key;
    const wrong = await verifyPackage(GOOD, { trust: { kid: other.fingerprint, key: null } });
    expect(wrong.code).toBe(EXIT.different);
    expect(differences(wrong.lines)).toContainEqual(expect.stringMatching(/^DIFFERENT: SIGNING-KEY\.pem: kid/));
    const noSignature = await verifyPackage(
      changed((f) => delete f['SHA256SUMS.sig'], { signed: false }),
      { trust: PINNED },
    );
    expect(noSignature.code).toBe(EXIT.different);
    expect(noSignature.lines).toContain('DIFFERENT: SHA256SUMS.sig: file: recorded "present", re-derived "missing"');
    const noSums = await verifyPackage(changed((f) => delete f.SHA256SUMS, { signed: false }));
    expect(noSums.lines).toContain('DIFFERENT: SHA256SUMS: file: recorded "present", re-derived "missing"');
  });

  it('is DIFFERENT when any file changed and the package was not re-signed', async () => {
    const zip = changed((f) => (f[LOG] = flipByte(f[LOG])), { signed: false });
    const { code, lines } = await verifyPackage(zip, { trust: PINNED });
    expect(code).toBe(EXIT.different);
    expect(lines).toContainEqual(expect.stringMatching(/^DIFFERENT: logs\/11\.csv: SHA-256 \(SHA256SUMS\): recorded "[0-9a-f]{64}"/));
  });

  it('is DIFFERENT when SHA256SUMS was re-signed by a key of the forger', async () => {
    const forger = kilnKeyPair('forger');
    const zip = changed(
      (f) => {
        f['SIGNING-KEY.pem'] = Buffer.from(forger.key.public_key);
        resign(f, (bytes) => sign(null, bytes, forger.privateKey));
      },
      { signed: false },
    );
    const { code, lines } = await verifyPackage(zip, { trust: PINNED });
    expect(code).toBe(EXIT.different);
    expect(lines).toContainEqual(expect.stringMatching(/^DIFFERENT: SIGNING-KEY\.pem: kid/));
    // unpinned, the forger's own key would do: the manifest still names the console's
    const unpinned = await verifyPackage(zip);
    expect(unpinned.lines).toContainEqual(expect.stringMatching(/^DIFFERENT: manifest\.json: signing_key\.kid/));
  });
});

describe('verifyPackage: what a holder of the key changed is still named', () => {
  it('a log changed after the kiln signed it, every hash made to agree', async () => {
    const zip = changed((files) => {
      files[LOG] = flipByte(files[LOG]);
      const manifest = readJson(files['manifest.json']);
      manifest.files[LOG] = sha256(files[LOG]);
      manifest.burns[0].log_sha256 = sha256(files[LOG]);
      files['manifest.json'] = writeJson(manifest);
    });
    const { code, lines } = await verifyPackage(zip, { trust: PINNED });
    expect(code).toBe(EXIT.different);
    expect(lines).toContainEqual(expect.stringContaining('DIFFERENT: logs/11.csv: kiln signature'));
  });

  it('a log signed by another key than the one it names, and a key missing', async () => {
    const other = kilnKeyPair('K-0');
    const zip = withManifest((m) => (m.burns[0].signature = sign(null, unzipSync(GOOD)[LOG], other.privateKey).toString('base64')));
    expect((await verifyPackage(zip)).lines).toContainEqual(expect.stringContaining('DIFFERENT: logs/11.csv: kiln signature'));
    const noKey = await verifyPackage(withManifest((m) => (m.kiln_keys = [])));
    expect(noKey.lines).toContainEqual(expect.stringContaining('DIFFERENT: logs/11.csv: key_fingerprint'));
  });

  it('a frozen number, recorded against re-derived, to the gram', async () => {
    let grams = 0;
    const { code, lines } = await verifyPackage(
      withManifest((m) => {
        grams = m.burns[1].co2_removed_g as number;
        m.burns[1].co2_removed_g = grams + 1;
      }),
    );
    expect(code).toBe(EXIT.different);
    expect(lines).toContain(`DIFFERENT: manifest.json burn 12 (logs/12.csv): co2_removed_g: recorded ${grams + 1}, re-derived ${grams}`);
  });

  it('a factor changed, the numbers recomputed to match: the analysis does not', async () => {
    const factor = await verifyPackage(
      withManifest((m) => ((m.burns[0].factors as { facility: { carbon_removal_factor: number } }).facility.carbon_removal_factor = 3)),
    );
    expect(factor.code).toBe(EXIT.different);
    expect(factor.lines).toContainEqual(expect.stringContaining('DIFFERENT: manifest.json burn 11 (logs/11.csv): analysis.'));
  });

  it('an anomaly check that names no burn of the package, came after the signoff, or says nothing', async () => {
    const { lines } = await verifyPackage(
      withManifest((m) => {
        const checks = m.anomaly_checks as Record<string, unknown>[];
        checks.push(
          { ...checks[0], id: 4, analysis_id: 99 },
          { ...checks[0], id: 5, checked_ts: '2026-04-03T00:00:00.000Z' },
          { ...checks[0], id: 6, note: ' ', checked_by: null },
        );
      }),
    );
    expect(differences(lines)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^DIFFERENT: manifest\.json: anomaly_checks\[1\]\.analysis_id: recorded 99, re-derived "\(no such burn/),
        expect.stringMatching(/^DIFFERENT: manifest\.json: anomaly_checks\[2\]\.checked_ts: .*"by the signoff/),
        expect.stringMatching(/^DIFFERENT: manifest\.json: anomaly_checks\[3\]\.checked_by/),
        expect.stringMatching(/^DIFFERENT: manifest\.json: anomaly_checks\[3\]\.note/),
      ]),
    );
    // the check made by the signoff is no difference
    expect(lines.some((l) => l.includes('anomaly_checks[0]'))).toBe(false);
  });

  it('a total that is not the sum of the burns', async () => {
    const { lines } = await verifyPackage(withManifest((m) => ((m.totals as { biochar_produced_g: number }).biochar_produced_g += 1000)));
    expect(lines).toContainEqual(expect.stringMatching(/^DIFFERENT: manifest\.json: totals\.biochar_produced_g/));
  });

  it('a report replaced by another naming the genuine manifest SHA-256: DIFFERENT: report.pdf', async () => {
    const files: Record<string, Uint8Array> = unzipSync(GOOD);
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    page.drawText(`manifest.json SHA-256 ${sha256(files['manifest.json'])}`, { x: 40, y: 800, size: 9, font });
    page.drawText('TOTAL CO2 REMOVED: 999,999.000 kg', { x: 40, y: 780, size: 9, font });
    files['report.pdf'] = await doc.save();
    resign(files, consoleSign);
    const { code, lines } = await verifyPackage(zipSync(files), { trust: PINNED });
    expect(code).toBe(EXIT.different);
    expect(differences(lines)).toEqual([expect.stringMatching(/^DIFFERENT: report\.pdf: bytes \(made again/)]);
  });

  it('a changed manifest with a report made again for it is still named by what it changed', async () => {
    const files: Record<string, Uint8Array> = unzipSync(GOOD);
    const manifest = readJson(files['manifest.json']);
    (manifest.audit as { job_id: string }).job_id = 'JOB-OTHER';
    files['manifest.json'] = writeJson(manifest);
    files['report.pdf'] = await remadeReport(files);
    resign(files, consoleSign);
    // nothing derives the job id: only the signature says who made it, which is why a key is pinned
    expect((await verifyPackage(zipSync(files), { trust: PINNED })).code).toBe(EXIT.verified);
    const unsigned = unzipSync(zipSync(files));
    unsigned['SHA256SUMS.sig'] = unzipSync(GOOD)['SHA256SUMS.sig'];
    expect((await verifyPackage(zipSync(unsigned), { trust: PINNED })).lines).toContainEqual(
      expect.stringContaining('DIFFERENT: SHA256SUMS.sig: signature'),
    );
  });

  it('lists every difference, not only the first; exit 1', async () => {
    const zip = changed((files) => {
      files['README.txt'] = flipByte(files['README.txt'], 3);
      files['statement.pdf'] = flipByte(files['statement.pdf'], 5);
      const manifest = readJson(files['manifest.json']);
      manifest.burns[2].biochar_produced_g = (manifest.burns[2].biochar_produced_g as number) + 1;
      files['manifest.json'] = writeJson(manifest);
    });
    const { code, lines } = await verifyPackage(zip, { trust: PINNED });
    expect(code).toBe(EXIT.different);
    const found = differences(lines);
    expect(found).toContainEqual(expect.stringMatching(/^DIFFERENT: README\.txt: SHA-256/));
    expect(found).toContainEqual(expect.stringMatching(/^DIFFERENT: statement\.pdf: SHA-256/));
    expect(found).toContainEqual(expect.stringMatching(/^DIFFERENT: manifest\.json burn 13 \(logs\/13\.csv\): biochar_produced_g/));
    expect(found).toContainEqual(expect.stringMatching(/^DIFFERENT: report\.pdf: bytes/));
    expect(lines.at(-1)).toBe(`NOT VERIFIED: ${found.length} differences.`);
  });

  it('a file no listing names, and a listed file that is missing', async () => {
    const extra = await verifyPackage(changed((f) => (f['logs/99.csv'] = Buffer.from('x'))));
    expect(extra.lines).toContainEqual(
      expect.stringMatching(/^DIFFERENT: logs\/99\.csv: SHA-256: recorded "\(not listed in manifest\.json\)"/),
    );
    const unsigned = await verifyPackage(changed((f) => (f['logs/99.csv'] = Buffer.from('x')), { signed: false }));
    expect(unsigned.lines).toContainEqual(
      expect.stringMatching(/^DIFFERENT: logs\/99\.csv: SHA-256: recorded "\(not listed in SHA256SUMS\)"/),
    );
    const missing = await verifyPackage(changed((f) => delete f['logs/12.csv']));
    expect(missing.lines).toContain('DIFFERENT: logs/12.csv: file: recorded "present", re-derived "missing"');
  });
});

describe('verifyPackage: zips it does not take at their word', () => {
  it('refuses duplicate names (the last copy no longer wins)', async () => {
    const entries = goodEntries();
    const forged = flipByte(unzipSync(GOOD)[LOG]);
    const { code, lines } = await verifyPackage(pythonZip([[LOG, forged], ...entries]));
    expect(code).toBe(EXIT.different);
    expect(lines).toContain('DIFFERENT: logs/11.csv: zip entry refused: the zip holds 2 entries of this name');
  });

  it('refuses absolute and ".." paths', async () => {
    const slip = Buffer.from('slipped\n');
    const { code, lines } = await verifyPackage(pythonZip([...goodEntries(), ['../../slip.txt', slip], ['/tmp/abs-slip.txt', slip]]));
    expect(code).toBe(EXIT.different);
    expect(lines).toContain('DIFFERENT: ../../slip.txt: zip entry refused: a path with a "..", "." or empty segment');
    expect(lines).toContain('DIFFERENT: /tmp/abs-slip.txt: zip entry refused: an absolute path');
  });

  it('refuses symbolic links and other non-regular entries', async () => {
    const files: Record<string, Uint8Array | [Uint8Array, { os: number; attrs: number }]> = unzipSync(GOOD);
    files['logs/evil'] = [Buffer.from('/etc/passwd'), { os: 3, attrs: (0o120777 << 16) >>> 0 }];
    files['logs/fifo'] = [new Uint8Array(0), { os: 3, attrs: (0o010644 << 16) >>> 0 }];
    const { code, lines } = await verifyPackage(zipSync(files));
    expect(code).toBe(EXIT.different);
    expect(lines).toContain('DIFFERENT: logs/evil: zip entry refused: a symbolic link, not a regular file');
    expect(lines).toContain('DIFFERENT: logs/fifo: zip entry refused: a special file (mode 10000), not a regular file');
  });

  it('refuses a bomb within the limits, before inflating it: a declared size over the limit, and one that lies', async () => {
    // 32 MiB of zeros in the package, declared as 1 KiB: inflation stops at the declared size
    const zeros = zipSync({ ...unzipSync(GOOD), 'logs/bomb.csv': new Uint8Array(32 * 1024 * 1024) });
    const lying = Buffer.from(zeros);
    const central = lying.lastIndexOf(Buffer.from('logs/bomb.csv')) - 46;
    lying.writeUInt32LE(1024, central + 24);
    const started = Date.now();
    const liar = await verifyPackage(lying);
    expect(liar.lines).toContain('DIFFERENT: logs/bomb.csv: zip entry: it inflates to more than the 1024 bytes it declares');
    const huge = Buffer.from(zeros);
    huge.writeUInt32LE(ZIP_LIMITS.entryBytes + 1, central + 24);
    const declared = await verifyPackage(huge);
    expect(declared.lines).toContain(
      `DIFFERENT: logs/bomb.csv: zip entry refused: ${ZIP_LIMITS.entryBytes + 1} bytes inflated, more than the ${ZIP_LIMITS.entryBytes} a file may have`,
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('prints every name and text from the package escaped: no control character reaches the terminal', async () => {
    const fake = 'VERIFIED: audit JOB-VERIFY-1 (7), 3 burns';
    const name = `\u001b[2K\r${fake}\u001b[8m`;
    const zip = changed((f) => (f[name] = Buffer.from('x')), { signed: false });
    const withJob = withManifest((m) => ((m.audit as { job_id: string }).job_id = 'JOB\u001b[31m\u202e'));
    for (const { lines } of [await verifyPackage(zip), await verifyPackage(withJob)]) {
      // eslint-disable-next-line no-control-regex -- control characters are exactly what must not be printed
      expect(lines.join('\n')).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    }
    expect((await verifyPackage(zip)).lines).toContainEqual(expect.stringContaining(`DIFFERENT: \\u{001b}[2K\\u{000d}${fake}\\u{001b}[8m`));
  });

  it('looks up any key safely (constructor, __proto__, toString): clean DIFFERENT lines, never a throw', async () => {
    const zip = changed((files) => {
      files['toString'] = Buffer.from('x');
      const manifest = readJson(files['manifest.json']);
      (manifest.files as Record<string, string>)['constructor'] = 'x';
      manifest.burns[1].log_file = '__proto__';
      (manifest.burns[2] as Record<string, unknown>).analysis = null;
      files['manifest.json'] = Buffer.from(JSON.stringify(manifest).replace('"files":{', '"files":{"__proto__":"y",'));
    });
    const { code, lines } = await verifyPackage(zip);
    expect(code).toBe(EXIT.different);
    const found = differences(lines);
    expect(found).toContainEqual(expect.stringMatching(/^DIFFERENT: toString: SHA-256: recorded "\(not listed in manifest\.json\)"/));
    expect(found).toContain('DIFFERENT: constructor: file: recorded "present", re-derived "missing"');
    expect(found).toContain('DIFFERENT: __proto__: file: recorded "present", re-derived "missing"');
    expect(found).toContainEqual(
      expect.stringMatching(/^DIFFERENT: manifest\.json: burns\[2\]: recorded "a burn", re-derived "analysis missing/),
    );
  });

  it('says what is not a zip at all', async () => {
    const { code, lines } = await verifyPackage(Buffer.from('not a zip'));
    expect(code).toBe(EXIT.different);
    expect(lines[0]).toContain('DIFFERENT: (package): zip');
  });
});

describe('verifyPackage: an algorithm version it does not run', () => {
  const unknownVersion = async (alsoChange?: (m: Manifest) => void) => {
    const files: Record<string, Uint8Array> = unzipSync(GOOD);
    const manifest = readJson(files['manifest.json']);
    manifest.burns[2].algorithm_version = '9.9.9';
    alsoChange?.(manifest);
    files['manifest.json'] = writeJson(manifest);
    files['report.pdf'] = await remadeReport(files);
    resign(files, consoleSign);
    return zipSync(files);
  };

  it('exits 2 once every hash and signature holds', async () => {
    const { code, lines } = await verifyPackage(await unknownVersion(), { trust: PINNED });
    expect(lines.at(-1)).toMatch(/^UNVERIFIABLE: every SHA-256 and signature holds, .*algorithm version 9\.9\.9/);
    expect(code).toBe(EXIT.unknownAlgorithm);
  });

  it('still runs and reports every other check: a changed log or another burn is DIFFERENT, exit 1', async () => {
    const otherBurn = await verifyPackage(await unknownVersion((m) => (m.burns[0].co2_removed_g = 1)), { trust: PINNED });
    expect(otherBurn.code).toBe(EXIT.different);
    expect(otherBurn.lines).toContainEqual(expect.stringContaining('DIFFERENT: manifest.json burn 11 (logs/11.csv): co2_removed_g'));
    const files: Record<string, Uint8Array> = unzipSync(await unknownVersion());
    files['logs/13.csv'] = flipByte(files['logs/13.csv']);
    const changedLog = await verifyPackage(zipSync(files), { trust: PINNED });
    expect(changedLog.code).toBe(EXIT.different);
    expect(changedLog.lines).toContainEqual(expect.stringMatching(/^DIFFERENT: logs\/13\.csv: SHA-256/));
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
  it('makes the same bytes every time for the same audit, the signing files last', async () => {
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
      'SIGNING-KEY.pem',
      'SHA256SUMS',
      'SHA256SUMS.sig',
    ]);
  });
});
