import { describe, expect, it } from 'vitest';
import { ALGORITHM_VERSION } from '../../mock-server/analysis';
import { reanalyseOutdated } from '../../mock-server/kilnlogs/reanalyseOutdated';
import type { KilnLogRecord } from '../../mock-server/store/model';
import { useTestServer } from '../helpers/testServer';
import { afterRestart, kilnLogs } from '../helpers/storeAccess';

/**
 * The start-up upgrade of an existing DATA_DIR: results of an older
 * algorithm_version are analysed again in the background, audited ones never.
 */

const api = useTestServer();

/** Makes a stored result look as an older algorithm left it: version 1.0.0 and a stale biomass. */
async function ageResult(row: KilnLogRecord): Promise<void> {
  const result = JSON.parse(row.analysis!) as { algorithm_version: string; biomass_loaded: number };
  result.algorithm_version = '1.0.0';
  result.biomass_loaded = 1;
  await api.server.ctx.data.kilnLogs.update(row.id, { analysis: JSON.stringify(result) });
}

/** Every log, live and archived, by id. */
const everyLog = async () =>
  [...(await kilnLogs(api.server)), ...(await kilnLogs(api.server, { archived: true }))].sort((a, b) => a.id - b.id);

const versionOf = (row: Pick<KilnLogRecord, 'analysis'>) => (JSON.parse(row.analysis!) as { algorithm_version: string }).algorithm_version;

describe('re-analysing outdated results when the server starts', () => {
  it('analyses every unaudited older result again, leaves audited ones and answers requests meanwhile', async () => {
    const analysed = (await everyLog()).filter((row) => row.analysis !== null);
    expect(analysed.length).toBeGreaterThan(10);
    const fresh = new Map(analysed.map((row) => [row.id, row.analysis]));
    for (const row of analysed) await ageResult(row);
    const auditedId = analysed.find((row) => !row.audited)!.id;
    await api.server.ctx.data.kilnLogs.update(auditedId, { audited: true });
    const outdated = analysed.filter((row) => !row.audited && row.id !== auditedId);
    const auditedBefore = (await api.server.ctx.data.kilnLogs.get(auditedId))!.analysis;
    expect(versionOf({ analysis: auditedBefore })).toBe('1.0.0');
    const errorRows = (await everyLog()).filter((row) => row.analysis === null);

    const lines: string[] = [];
    let finished = false;
    const upgrade = reanalyseOutdated(api.server.ctx, (line) => lines.push(line)).then((summary) => {
      finished = true;
      return summary;
    });
    const answer = await api.server.http.get('/api/kilnlogs').set(api.as('kilnadmin'));
    expect(answer.status).toBe(200);
    expect(finished).toBe(false);

    const summary = await upgrade;
    expect(summary).toEqual({ outdated: outdated.length, reanalysed: outdated.length, failed: 0 });
    const after = new Map((await everyLog()).map((row) => [row.id, row]));
    for (const row of outdated) {
      expect(versionOf(after.get(row.id)!)).toBe(ALGORITHM_VERSION);
      expect(after.get(row.id)!.analysis).toBe(fresh.get(row.id));
    }
    expect(after.get(auditedId)!.analysis).toBe(auditedBefore);
    expect([...after.values()].filter((row) => row.analysis === null)).toEqual(errorRows);
    expect(lines[0]).toBe(
      `Re-analysing ${outdated.length} burn log(s) analysed by an older algorithm, with algorithm ${ALGORITHM_VERSION}, in the background...`,
    );
    expect(lines.some((line) => /^Re-analysed \d+ of \d+ burn logs\.\.\.$/.test(line))).toBe(true);
    expect(lines[lines.length - 1]).toBe(
      `Re-analysed ${outdated.length} of ${outdated.length} burn log(s) with algorithm ${ALGORITHM_VERSION}.`,
    );

    // what it stored survives a restart
    const stored = await afterRestart(api.server, (store) => Promise.all(outdated.map((row) => store.kilnLogs.get(row.id))));
    expect(stored.map((row) => row?.analysis)).toEqual(outdated.map((row) => fresh.get(row.id)));
  });

  it('does nothing, and says nothing, when every result is current', async () => {
    const lines: string[] = [];
    expect(await reanalyseOutdated(api.server.ctx, (line) => lines.push(line))).toEqual({ outdated: 0, reanalysed: 0, failed: 0 });
    expect(lines).toEqual([]);
  });
});
