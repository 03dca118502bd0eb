import { ALGORITHM_VERSION } from '../analysis';
import type { AppContext } from '../context';
import { isOutdated } from '../store/analysisVersions';
import type { KilnLogPatch } from '../store/dataStore';
import type { KilnLogRecord } from '../store/model';
import type { BurnFingerprint } from '../../src/domain/fleet/fingerprint';
import { judgeUnjudged, recordAnomalies } from '../fleet/anomalyPass';
import { queueCopyCheck } from '../fleet/copyCheck';
import { reanalysis } from './ingest';
import { KilnLogFiles, type AnalysisFile } from './storage';

/**
 * Brings an existing DATA_DIR up to the current burn analysis (docs/analysis.md#algorithm-versions):
 * every unaudited log whose result was computed by another algorithm_version is
 * analysed again from its raw file, one at a time, yielding to the event loop
 * between logs so the server keeps answering. Audited results never change.
 * Logs without a result (error logs) carry no version and are left for an
 * explicit re-analysis.
 */

/** Stores this many results in one transaction (one write of db.json, which is rewritten whole), not each on its own. */
const WRITE_EVERY = 25;

export interface UpgradeSummary {
  outdated: number;
  reanalysed: number;
  failed: number;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function reanalyseOutdated(
  ctx: Pick<AppContext, 'data' | 'blobs'>,
  log: (line: string) => void = console.log,
): Promise<UpgradeSummary> {
  const { data } = ctx;
  const ids = await data.kilnLogs.outdated(ALGORITHM_VERSION);
  const summary: UpgradeSummary = { outdated: ids.length, reanalysed: 0, failed: 0 };
  if (ids.length === 0) return summary;
  log(`Re-analysing ${ids.length} burn log(s) analysed by an older algorithm, with algorithm ${ALGORITHM_VERSION}, in the background...`);
  const files = new KilnLogFiles(ctx.blobs);
  const step = Math.max(1, Math.ceil(ids.length / 10));
  let pending: { id: number; fields: KilnLogPatch; file: AnalysisFile; fingerprint: BurnFingerprint | null }[] = [];

  /** Stores the pending results, each only if its log is still outdated (a request may have audited, re-analysed or purged it meanwhile). */
  const store = async () => {
    const batch = pending;
    pending = [];
    const kept = await data.transaction(async (tx) => {
      const done: ((typeof batch)[number] & { row: KilnLogRecord })[] = [];
      for (const result of batch) {
        const row = await tx.kilnLogs.get(result.id);
        if (row && isOutdated(row, ALGORITHM_VERSION)) {
          const updated = await tx.kilnLogs.update(result.id, result.fields);
          if (updated) done.push({ ...result, row: updated });
        }
      }
      return done;
    });
    // the charts and the fleet's records follow the rows they belong to
    for (const result of kept) {
      await files.saveAnalysis(result.id, result.file);
      await recordAnomalies(data, result.row, result.fingerprint);
      await queueCopyCheck({ data, files }, result.id);
    }
    summary.reanalysed += kept.length;
  };

  for (const [i, id] of ids.entries()) {
    await nextTurn();
    try {
      const row = await data.kilnLogs.get(id);
      if (row && isOutdated(row, ALGORITHM_VERSION)) pending.push({ id, ...(await reanalysis(data, row, await files.readRaw(row.s3key))) });
    } catch (err) {
      summary.failed++;
      log(`Log ${id} could not be re-analysed: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (pending.length >= WRITE_EVERY) await store();
    if ((i + 1) % step === 0 && i + 1 < ids.length) log(`Re-analysed ${i + 1} of ${ids.length} burn logs...`);
  }
  if (pending.length > 0) await store();
  log(
    `Re-analysed ${summary.reanalysed} of ${ids.length} burn log(s) with algorithm ${ALGORITHM_VERSION}${summary.failed ? `; ${summary.failed} failed` : ''}.`,
  );
  return summary;
}

/**
 * For start.ts: runs the upgrade without holding up the server, reporting a crash instead of throwing it.
 * One server of those sharing a store does it (the others skip it); each log is checked again before its
 * result is stored, so a server that stops half-way leaves the rest to the next start.
 */
export function reanalyseOutdatedInBackground(ctx: AppContext, log: (line: string) => void = console.log): Promise<UpgradeSummary | null> {
  return ctx.data
    .tryExclusively('reanalysis', async () => {
      const summary = await reanalyseOutdated(ctx, log);
      // then the logs the fleet's anomaly rules have not judged yet (new rules, or stored before them)
      await judgeUnjudged(ctx, log);
      return summary;
    })
    .then(
      (ran) => ran?.value ?? null,
      (err: unknown) => {
        console.error('Re-analysis of outdated burn logs stopped:', err);
        return null;
      },
    );
}
