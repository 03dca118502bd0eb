import { createHash, sign } from 'node:crypto';
import fs from 'node:fs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ALGORITHM_VERSION, generateBurn, KILN_TYPE } from '../../../mock-server/analysis';
import { releasedAnalysis, releasedVersions, type AnalysisFactors } from '../../../mock-server/analysis/versions';
import { buildPackage } from '../../../mock-server/auditPackage/build';
import { METHOD_FILE, METHOD_VERSIONS, methodTextOf, packageMethod } from '../../../mock-server/auditPackage/method';
import { EXIT, verifyPackage } from '../../../mock-server/auditPackage/verify';
import { exactKg } from '../../../src/domain/carbon';
import { makeKilnLogRow } from '../../helpers/kilnLogRows';
import { readJson, repack, resign, sha256, writeJson } from '../../helpers/packageEdits';
import { AUDIT, CONSOLE_KEY, CONSOLE_SIGNER, FACILITY, makePackage, STATEMENT } from './packageFixture';

/**
 * A package carries the method text of its algorithm version as METHOD.md, listed with its
 * SHA-256: the current version's text is docs/analysis.md's method section word for word, a
 * released version's text never changes, a package of 2.1.0 burns carries 2.1.0's and still
 * verifies, and the verifier names a METHOD.md that is not its version's text.
 */

/** SHA-256 of each released method text: once released, a version's text is never edited (an old package keeps its own). */
const RELEASED_TEXTS: Record<string, string> = {
  '2.1.0': '56563eba0978487a908c946249d4cacd57d6c310fa1e30e174a1725b7b6a3280',
  '2.2.0': '4193ac8e012a9ce8f5ca68ff36859c0c655caf00ee6481568aef92dd245f070a',
  '2.3.0': '321054f0ee86736eb5b94d19a57cf4c6f1c9cb08e9791799ed62329605bbc5af',
};

const { zip: GOOD } = await makePackage();

describe('METHOD.md', () => {
  it('is in the package, listed with its SHA-256, the text of the burns’ version, and named by the README', () => {
    const files = unzipSync(GOOD);
    const manifest = readJson(files['manifest.json']);
    expect(Buffer.from(files[METHOD_FILE]).toString('utf8')).toBe(methodTextOf(ALGORITHM_VERSION));
    expect(manifest.files[METHOD_FILE]).toBe(sha256(files[METHOD_FILE]));
    const readme = Buffer.from(files['README.txt']).toString('utf8');
    expect(readme).toContain(`${METHOD_FILE}\n    The method of the algorithm version`);
    expect(readme).toContain(`as ${METHOD_FILE} describes`);
  });

  it('of the current version is the method section of docs/analysis.md, word for word', () => {
    const docs = fs.readFileSync(new URL('../../../docs/analysis.md', import.meta.url), 'utf8');
    const text = methodTextOf(ALGORITHM_VERSION)!;
    expect(text.startsWith(`## Burn analysis, algorithm ${ALGORITHM_VERSION}: the method\n`)).toBe(true);
    expect(docs).toContain(text);
  });

  it('exists for every released version, and each released text keeps its SHA-256', () => {
    expect([...METHOD_VERSIONS].sort()).toEqual(releasedVersions());
    for (const version of METHOD_VERSIONS) {
      expect(createHash('sha256').update(methodTextOf(version)!).digest('hex'), version).toBe(RELEASED_TEXTS[version]);
    }
    expect(packageMethod(['1.0.0'])).toBeNull();
    expect(packageMethod(['2.2.0', '2.1.0', '2.2.0'])).toBe(`${methodTextOf('2.1.0')}\n${methodTextOf('2.2.0')}`);
  });

  it('of 2.1.0 in a package of 2.1.0 burns, which verifies as made', async () => {
    const calibration = { per_g_weight: 1.8, zero_weight: null };
    const factors: AnalysisFactors = {
      kiln_type: KILN_TYPE.TERRAFIX,
      calibration,
      facility: {
        box: { latitude_min: -2, latitude_max: 0, longitude_min: 36, longitude_max: 38 },
        wicf: null,
        carbon_removal_factor: 2.44,
      },
    };
    const { text } = generateBurn({
      kiln_type: KILN_TYPE.TERRAFIX,
      kiln_id: 'K-2',
      seed: 12,
      start_ts: Date.UTC(2026, 2, 13),
      calibration: { zero_weight: 153400, per_g_weight: 1.8 },
      facility: factors.facility.box,
    });
    const analysed = releasedAnalysis('2.1.0')!(text, factors);
    const result = analysed.result!;
    expect(result.algorithm_version).toBe('2.1.0');
    const row = makeKilnLogRow({
      id: 12,
      kiln_id: 'K-2',
      type: KILN_TYPE.TERRAFIX,
      logts: analysed.logts,
      analysis: JSON.stringify(result),
    });
    const frozen = {
      audit_id: 7,
      kilnlog_id: 12,
      facility_id: 1,
      co2_removed: exactKg(result.co2_removed),
      biochar_produced: exactKg(result.biochar_produced),
      algorithm_version: '2.1.0',
      signed: false,
      key_fingerprint: null,
      signature: null,
    };
    const zip = await buildPackage({
      audit: { ...AUDIT, analysis_ids: [12] },
      facility: FACILITY,
      proposedBy: { id: 4, username: 'kilnadmin' },
      signedOffBy: { id: 1, username: 'superadmin' },
      burns: [{ row, raw: Buffer.from(text, 'utf8'), frozen }],
      statement: { bytes: STATEMENT, mime: 'application/pdf', ext: 'pdf' },
      keys: [],
      signer: CONSOLE_SIGNER,
    });
    const files = unzipSync(zip);
    expect(Buffer.from(files[METHOD_FILE]).toString('utf8')).toBe(methodTextOf('2.1.0'));
    expect(Object.keys(readJson(files['manifest.json']).burns[0].analysis as object)).not.toContain('quench_top_ts');
    const { code, lines } = await verifyPackage(zip);
    expect(lines.at(-1)).toMatch(/^VERIFIED/);
    expect(code).toBe(EXIT.verified);
  });

  it('that is not its version’s text is named by the verifier, even with its hash made to agree', async () => {
    const zip = repack(GOOD, (files) => {
      files[METHOD_FILE] = Buffer.from(`${Buffer.from(files[METHOD_FILE]).toString('utf8')}\nAnd the factor may be 3.0.\n`);
      const manifest = readJson(files['manifest.json']);
      manifest.files[METHOD_FILE] = sha256(files[METHOD_FILE]);
      files['manifest.json'] = writeJson(manifest);
      resign(files, (bytes) => sign(null, bytes, CONSOLE_KEY.privateKey));
    });
    const { code, lines } = await verifyPackage(zip);
    expect(code).toBe(EXIT.different);
    expect(lines).toContainEqual(
      expect.stringContaining(`DIFFERENT: ${METHOD_FILE}: method text of algorithm ${ALGORITHM_VERSION} (SHA-256)`),
    );
  });
});
