import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { STATEMENT_UPLOAD, type KilnCalibration, type KilnConfig } from '../../src/domain/api/configure';
import type { AuthContext } from '../auth/authContext';
import { may } from '../auth/may';
import { facilityScope } from '../auth/facilityScope';
import type { AppContext } from '../context';
import { recordFacilityChange } from '../facilities/facilityChanges';
import { readMultipart } from '../files/multipartUpload';
import { checkedStatement } from '../files/statementFile';
import { storeFile } from '../files/storedFiles';
import { conflict, notFound } from '../http/errors';
import { positiveId } from '../http/fieldErrors';
import type { Handlers } from '../http/mountOperations';
import { commitFiles } from '../store/commit';
import type { DataStore, StoreParts } from '../store/dataStore';
import { CALIBRATION_AREA } from '../store/fileAreas';
import type { FacilityChangeDetail, KilnCalibrationRecord, KilnRecord } from '../store/model';
import { compactKilnConfig } from './kilnView';

/** Whether the caller's calibration changes are in force at once (a super-admin's); anyone else's wait for one (docs/security.md). */
export const approvesCalibrations = (auth: AuthContext) => may(auth, 'kilns', 'approve');

/** The versions as the API answers them, with the usernames of who proposed and approved each (certificate_key stays inside). */
async function toCalibrations(data: Pick<DataStore, 'users'>, versions: readonly KilnCalibrationRecord[]): Promise<KilnCalibration[]> {
  const ids = [...new Set(versions.flatMap((c) => [c.proposed_by, c.approved_by]).filter((id) => id !== null))];
  const names = new Map(await Promise.all(ids.map(async (id) => [id, (await data.users.get(id))?.username ?? null] as const)));
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  return versions.map((c) => ({
    id: c.id,
    kiln_id: c.kiln_id,
    config: c.config,
    effective_from: c.effective_from,
    proposed_by: c.proposed_by,
    proposed_by_name: nameOf(c.proposed_by),
    proposed_ts: c.proposed_ts,
    approved_by: c.approved_by,
    approved_by_name: nameOf(c.approved_by),
    approved_ts: c.approved_ts,
    superseded_ts: c.superseded_ts,
    certificate_sha256: c.certificate_sha256,
  }));
}
const toCalibration = async (data: Pick<DataStore, 'users'>, c: KilnCalibrationRecord) => (await toCalibrations(data, [c]))[0];

/** Whether two stored configs hold the same numbers (whatever their key order). */
const sameConfig = (a: string, b: string) => {
  const compact = (text: string) => {
    try {
      return JSON.stringify(compactKilnConfig(JSON.parse(text) as KilnConfig));
    } catch {
      return text;
    }
  };
  return compact(a) === compact(b);
};

/** The trail's note of a version (which version of which kiln, its config). */
const calibrationDetail = (kiln: Pick<KilnRecord, 'id' | 'kiln_id'>, c: KilnCalibrationRecord): FacilityChangeDetail => ({
  kiln: { id: kiln.id, kiln_id: kiln.kiln_id },
  calibration: { id: c.id, config: c.config },
});

/**
 * Records a change of a kiln's config as a new version (inside the change's
 * transaction): in force at once when a super-admin made it, pending for
 * anyone else's; either way in the facility's trail. Nothing when the config
 * is the one in force now.
 */
export async function proposeCalibration(
  tx: Pick<StoreParts, 'calibrations' | 'facilities'>,
  auth: AuthContext,
  kiln: KilnRecord,
  config: string,
  now: string,
  inForce: string | null,
): Promise<void> {
  if (inForce !== null && sameConfig(config, inForce)) return;
  const approved = approvesCalibrations(auth);
  const added = await tx.calibrations.add({
    kiln_id: kiln.id,
    config,
    proposed_by: auth.userId,
    proposed_ts: now,
    effective_from: approved ? now : null,
    approved_by: approved ? auth.userId : null,
    approved_ts: approved ? now : null,
  });
  await recordFacilityChange(
    tx,
    auth,
    kiln.facility_id,
    approved ? 'approve_calibration' : 'propose_calibration',
    calibrationDetail(kiln, added),
  );
}

/**
 * Whether the kiln's config is provisional: its id waits for a super-admin
 * (nothing it logs is credited) and no calibration of it was approved yet, so
 * its analysis applies the proposed config until the kiln is approved.
 */
export async function isProvisional(tx: Pick<StoreParts, 'calibrations'>, kiln: KilnRecord): Promise<boolean> {
  return kiln.approved_ts === null && (await tx.calibrations.ofKiln(kiln.id)).every((c) => c.approved_ts === null);
}

/**
 * Approving a new kiln approves the calibration it was registered with (its
 * waiting version, when none was approved before): the super-admin approves
 * the registration as it stands. A kiln with an approved calibration keeps
 * every change of it for its own approval.
 */
export async function approveFirstCalibration(
  tx: Pick<StoreParts, 'calibrations' | 'facilities'>,
  auth: AuthContext,
  kiln: KilnRecord,
): Promise<void> {
  const versions = await tx.calibrations.ofKiln(kiln.id);
  const waiting = versions.find((c) => c.approved_ts === null && c.superseded_ts === null);
  if (!waiting || versions.some((c) => c.approved_ts !== null)) return;
  const done = await tx.calibrations.approve(kiln.id, waiting.id, { approved_by: auth.userId, ts: new Date().toISOString() });
  if (done?.outcome === 'approved')
    await recordFacilityChange(tx, auth, kiln.facility_id, 'approve_calibration', calibrationDetail(kiln, done.calibration));
}

/**
 * A kiln's calibration history (docs/security.md, "Who can move which
 * number"): read by whoever reads the kiln, in its facility's scope; a
 * pending version approved by a super-admin alone, in force from that
 * moment; a certificate attached by whoever may update the kiln.
 */
export function calibrationHandlers(ctx: AppContext): Handlers {
  const { data, blobs } = ctx;

  const reachableKiln = async (tx: Pick<StoreParts, 'kilns' | 'facilities'>, auth: AuthContext, req: Request): Promise<KilnRecord> => {
    const [kiln, scope] = await Promise.all([tx.kilns.get(positiveId(req.params.id, 'id')), facilityScope(auth, tx)]);
    if (!kiln || (scope && !scope.has(kiln.facility_id))) throw notFound('No such kiln.');
    return kiln;
  };

  return {
    listKilnCalibrations: async (req, res) => {
      const kiln = await reachableKiln(data, req.auth!, req);
      const body: KilnCalibration[] = await toCalibrations(data, await data.calibrations.ofKiln(kiln.id));
      res.json(body);
    },

    approveKilnCalibration: async (req, res) => {
      const auth = req.auth!;
      const calId = positiveId(req.params.calId, 'calId');
      const approved = await data.transaction(async (tx) => {
        const kiln = await reachableKiln(tx, auth, req);
        const done = await tx.calibrations.approve(kiln.id, calId, { approved_by: auth.userId, ts: new Date().toISOString() });
        if (!done) throw notFound('No such calibration of this kiln.');
        if (done.outcome === 'already_approved')
          throw conflict(`Calibration ${calId} was approved already, on ${done.calibration.approved_ts}.`);
        if (done.outcome === 'superseded')
          throw conflict(
            `Calibration ${calId} was superseded on ${done.calibration.superseded_ts} by a later one: it can no longer be approved.`,
          );
        await recordFacilityChange(tx, auth, kiln.facility_id, 'approve_calibration', calibrationDetail(kiln, done.calibration));
        return done.calibration;
      });
      res.json(await toCalibration(data, approved));
    },

    attachCalibrationCertificate: async (req, res) => {
      const auth = req.auth!;
      const calId = positiveId(req.params.calId, 'calId');
      const kiln = await reachableKiln(data, auth, req);
      const before = await data.calibrations.get(kiln.id, calId);
      if (!before) throw notFound('No such calibration of this kiln.');
      // the approver approved the evidence there was: afterwards only a super-admin adds a missing one
      if (before.approved_ts !== null && (!approvesCalibrations(auth) || before.certificate_sha256 !== null))
        throw conflict(`Calibration ${calId} is approved: its certificate is final (a super-admin may attach a missing one).`);
      await readMultipart(ctx.uploads, req, res, [STATEMENT_UPLOAD.fileField]);
      const { content } = await checkedStatement(req, ctx.pdfChecker);
      const sha256 = createHash('sha256').update(content.bytes).digest('hex');
      const stored = await storeFile(blobs, CALIBRATION_AREA, content, auth.userId, new Date().toISOString());
      const updated = await commitFiles(blobs, {
        added: [stored.key],
        write: () =>
          data.transaction(async (tx) => {
            const done = await tx.calibrations.attachCertificate(kiln.id, calId, { key: stored.key, sha256, mime_type: stored.mime_type });
            if (!done) throw notFound('No such calibration of this kiln.');
            await recordFacilityChange(tx, auth, kiln.facility_id, 'attach_calibration_certificate', {
              ...calibrationDetail(kiln, done),
              certificate_sha256: sha256,
            });
            return done;
          }),
        orphaned: () => (before.certificate_key === null ? [] : [before.certificate_key]),
      });
      res.json(await toCalibration(data, updated));
    },
  };
}
