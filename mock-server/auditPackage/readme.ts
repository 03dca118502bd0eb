import { MANIFEST_FILE, README_FILE, REPORT_FILE } from './manifest';
import { METHOD_FILE } from './method';

/** README.txt of a package: what each file is and how to verify it. */
export function packageReadme({ jobId, statementFile, method }: { jobId: string; statementFile: string; method: boolean }): string {
  const methodEntry = method
    ? `${METHOD_FILE}
    The method of the algorithm version the burns were analysed by: every
    convention, and how each number follows from the raw log and the
    factors by hand.
`
    : '';
  return `Verification package of audit ${jobId}
=====================================================

This package holds everything needed to check the audit without the console
that made it. Its bytes never change once made, so its SHA-256 can be quoted.

Files
-----
${MANIFEST_FILE}
    The audit (job id, kiln type, facility with its GPS box, who proposed it
    and when, who signed it off and when); every burn with its analysis id,
    kiln id, log time, file name, the SHA-256 of its raw log, its kiln
    signature (signed, key fingerprint, signature), the algorithm version,
    the factors used, every field of the analysis, valid and the reasons,
    and the CO2 and biochar frozen at signoff in whole grams; the totals;
    the statement's file name, type and SHA-256; the kiln public keys that
    signed; and the SHA-256 of every other file (README.txt, the statement
    and the logs).
${REPORT_FILE}
    The same audit for a person to read and print: the facility, the audit,
    a table of burns with their numbers and validity, the totals, the
    algorithm versions and factors, each burn's chart (temperatures, weight
    and phase marks), signature states, and the SHA-256 of ${MANIFEST_FILE}.
${methodEntry}logs/<analysis id>.csv
    Each burn's raw log, byte for byte as the kiln uploaded it.
${statementFile}
    The statement signed at signoff.
${README_FILE}
    This file.

How to verify
-------------
With the Kiln Console repository (nothing else, no network):

    npm run verify -- <this package>.zip

It checks the SHA-256 of every file against ${MANIFEST_FILE}, each signed
burn's Ed25519 signature over its raw log with the kiln's public key (whose
fingerprint is the SHA-256 of its DER SPKI bytes), runs the analysis of
each raw log again with the recorded algorithm version and factors and
compares every field with ${MANIFEST_FILE} (CO2 and biochar to the gram),
checks the totals, and that ${REPORT_FILE} names the SHA-256 of
${MANIFEST_FILE}. It prints one line per burn and a verdict, and exits
0 when everything holds, 1 at the first difference (naming the file, the
field, the recorded and the re-derived value), and 2 when a burn was
analysed by an algorithm version it does not implement.

By hand: sha256sum each file and compare with "files", "log_sha256" and
"statement" in ${MANIFEST_FILE}; the numbers of each burn follow from its
raw log and factors as ${method ? METHOD_FILE : 'docs/analysis.md of the repository'} describes.
`;
}
