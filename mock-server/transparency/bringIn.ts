import { auditPackage, keptPackage, manifestSha256, packageManifestSha256, type PackageContext } from '../auditPackage/auditPackage';
import type { DataStore } from '../store/dataStore';
import type { AuditRow } from '../store/model';
import { storedActs } from './acts';
import { logAct } from './log';
import { filePackage } from './packageProofs';

/**
 * Starts the log on a store that holds acts already (a store from before the log, the demo
 * seed): once, under the setup lock, while the log is empty and the store is not. The store's
 * acts are appended oldest first, then a log_start entry saying how many were brought in, all in
 * one transaction. A signoff's entry names its package's manifest: a package kept already keeps
 * its manifest (and stays without proofs, as it was given); one not made yet is made after the
 * appends, with the proofs of its signoff and burns. Answers how many acts were brought in, or
 * null when the log had begun.
 */
export async function bringInActs(ctx: PackageContext & { data: DataStore }): Promise<number | null> {
  const { data } = ctx;
  return data.exclusively('setup', async () => {
    // an empty store has no act yet, and must stay empty for store:copy
    if ((await data.transparency.size()) > 0 || (await data.isEmpty())) return null;
    const records = await data.transparency.actRecords();
    const manifests = new Map<number, string>();
    const kept = new Map<number, Uint8Array>();
    const unmade: AuditRow[] = [];
    for (const audit of records.audits.filter((a) => a.signoff_ts !== null)) {
      const zip = await keptPackage(ctx.blobs, audit);
      manifests.set(audit.id, zip ? manifestSha256(zip) : await packageManifestSha256(ctx, audit));
      if (zip) kept.set(audit.id, zip);
      else unmade.push(audit);
    }
    const acts = storedActs(records, manifests);
    const now = new Date().toISOString();
    await data.transaction(async (tx) => {
      for (const act of acts) await logAct(tx.transparency, act, now);
      await logAct(tx.transparency, { kind: 'log_start', brought_in: acts.length, started_ts: now }, now);
      for (const [auditId, zip] of kept) await filePackage(tx.transparency, auditId, zip);
    });
    // made once the entries are in, each with its proofs (auditPackage checks the manifest against the entry)
    for (const audit of unmade) await filePackage(data.transparency, audit.id, await auditPackage(ctx, audit));
    return acts.length;
  });
}
