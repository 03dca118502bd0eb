import { MANIFEST_FILE, README_FILE, REPORT_FILE, SIGNING_KEY_FILE, SUMS_FILE, SUMS_SIGNATURE_FILE } from './manifest';
import { METHOD_FILE } from './method';

/** The batches' part of the file list: where each batch's evidence lies and what the manifest says of it. */
const BATCH_ENTRIES = `batches/<batch id>/lab-result-<result id>.pdf
    Each lab result's certificate, the laboratory's PDF byte for byte as it
    was recorded. ${MANIFEST_FILE} "batches" lists, for every production
    batch the burns belong to, its burns (analysis ids), facility, kiln
    type, feedstock, first and last log time, wet biochar in whole grams,
    dry biochar (from the moisture of the result in force; null before
    one), production temperature and emissions; its lab results as
    recorded by the signoff (values, methods, sample id and dates, the
    certificate's file and SHA-256, whether it is lab-signed with the
    lab's base64 Ed25519 signature of the certificate's bytes, and the
    result it supersedes); and its end uses (kind, dry grams, date, site,
    mean annual soil temperature and its source, recipient, the evidence's
    file and SHA-256). "labs" names each laboratory and its accreditation;
    "lab_keys" holds their Ed25519 public keys (PEM, SPKI) with the time
    each was registered and, if by the signoff, revoked.
batches/<batch id>/end-use-<end use id>.<pdf|png|jpg>
    Each end use's evidence (a delivery note or a photo), byte for byte.
`;

/** README.txt of a package: what each file is and how to verify it. */
export function packageReadme({
  jobId,
  statementFile,
  method,
  batches = false,
}: {
  jobId: string;
  statementFile: string;
  method: boolean;
  /** whether the burns are in production batches, whose evidence the package holds */
  batches?: boolean;
}): string {
  const batchChecks = batches
    ? `
For each batch it checks every certificate and evidence file against its
SHA-256, each lab-signed result's signature against a key of its lab in
force when the result was recorded, every lab value in its physical range,
C_org = C_tot - C_inorg within 0.5 points, the dry biochar from the result
in force, and that the end uses together are within the batch's dry
biochar (its wet biochar before a moisture result).
`
    : '';
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
    signed; the production batches of the burns with their evidence (see
    batches/ below, where the burns are in batches); and the SHA-256 of
    every other file (README.txt, the statement, the logs and the batches'
    files).
${REPORT_FILE}
    The same audit for a person to read and print: the facility, the audit,
    a table of burns with their numbers and validity, the totals, the
    algorithm versions and factors, each burn's chart (temperatures, weight
    and phase marks), signature states, and the SHA-256 of ${MANIFEST_FILE}.
${methodEntry}logs/<analysis id>.csv
    Each burn's raw log, byte for byte as the kiln uploaded it.
${batches ? BATCH_ENTRIES : ''}${statementFile}
    The statement signed at signoff.
${README_FILE}
    This file.
${SUMS_FILE}
    The SHA-256 of every other file but its signature, one line each in
    sha256sum's format, sorted by name.
${SUMS_SIGNATURE_FILE}
    The console's Ed25519 signature (64 raw bytes) over the exact bytes of
    ${SUMS_FILE}.
${SIGNING_KEY_FILE}
    The console's public key, for convenience only: trust the key the
    console publishes (GET /api/signing-keys), not this copy.

How to verify
-------------
With standard tools, after unzipping, and KEY.pem the console's public key
as GET /api/signing-keys lists it (its kid is the SHA-256 of its DER SPKI):

    sha256sum -c ${SUMS_FILE}
    openssl pkeyutl -verify -pubin -inkey KEY.pem -rawin \\
        -in ${SUMS_FILE} -sigfile ${SUMS_SIGNATURE_FILE}

With the Kiln Console repository (nothing else, no network):

    npm run verify -- <this package>.zip --trust <kid or KEY.pem>

It checks ${SUMS_FILE} and its signature against the pinned key (without
--trust, against ${SIGNING_KEY_FILE}, and says the key was not pinned), the
SHA-256 of every file against ${MANIFEST_FILE}, each signed burn's Ed25519
signature over its raw log with its kiln's public key, runs the analysis of
each raw log again with the recorded algorithm version and factors and
compares every field with ${MANIFEST_FILE} (CO2 and biochar to the gram),
checks the totals, and makes ${REPORT_FILE} again from ${MANIFEST_FILE} and
the logs and compares the bytes. It prints one line per burn, one line per
difference (every one, naming the file, the field, the recorded and the
re-derived value) and a verdict, and exits 0 when everything holds, 1 when
anything differs, and 2 when everything else holds but a burn was analysed
by an algorithm version it does not implement.
${batchChecks}
By hand: sha256sum each file and compare with "files", "log_sha256" and
"statement" in ${MANIFEST_FILE}; the numbers of each burn follow from its
raw log and factors as ${method ? METHOD_FILE : 'docs/analysis.md of the repository'} describes.
`;
}
