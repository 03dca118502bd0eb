import { auditPackage, manifestSha256, type PackageContext } from '../auditPackage/auditPackage';
import type { DataStore } from '../store/dataStore';
import { storedActs } from './acts';
import { logAct } from './log';

/**
 * Starts the log on a store that holds acts already (a store from before the log, the demo
 * seed): once, under the setup lock, while the log is empty and the store is not. The store's acts are appended
 * oldest first, then a log_start entry saying how many were brought in, all in one transaction.
 * A signed-off audit's entry names its package's manifest, so each package not made yet is
 * made and kept first. Answers how many acts were brought in, or null when the log had begun.
 */
export async function bringInActs(ctx: PackageContext & { data: DataStore }): Promise<number | null> {
  const { data } = ctx;
  return data.exclusively('setup', async () => {
    // an empty store has no act yet, and must stay empty for store:copy
    if ((await data.transparency.size()) > 0 || (await data.isEmpty())) return null;
    const records = await data.transparency.actRecords();
    const manifests = new Map<number, string>();
    for (const audit of records.audits.filter((a) => a.signoff_ts !== null))
      manifests.set(audit.id, manifestSha256(await auditPackage(ctx, audit)));
    const acts = storedActs(records, manifests);
    const now = new Date().toISOString();
    await data.transaction(async (tx) => {
      for (const act of acts) await logAct(tx.transparency, act, now);
      await logAct(tx.transparency, { kind: 'log_start', brought_in: acts.length, started_ts: now }, now);
    });
    return acts.length;
  });
}
