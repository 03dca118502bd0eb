import { parentPort } from 'node:worker_threads';
import { copyMinZ, matchCopy, prepareTrack, trackOf, type PreparedTrack } from '../../src/domain/fleet/copyMatch';
import { parseLog } from '../analysis/parseLog';
import { orderRows } from '../analysis/series';

/**
 * The wobble match's worker thread (copyMatcher.ts starts it through
 * copyMatchWorkerBoot.mjs): a match holds its thread about 115 ms, so it is
 * not the event loop's, which answers requests meanwhile. One request at a time:
 * a log's file and its candidates' files, answered with each candidate's match.
 */

export interface CopyMatchRequest {
  copy: Uint8Array;
  originals: { log_id: number; bytes: Uint8Array }[];
}
export interface CopyMatchAnswer {
  /** per candidate whose log could be read: the match's z, whether it is a copy, and the bar the copy's reading interval sets */
  matches: { log_id: number; z: number; isCopy: boolean; min_z: number }[];
}

/** A log's readings as the wobble match reads them; null for a log that does not parse or is too short to match. */
export function copyTrackOf(bytes: Uint8Array): PreparedTrack | null {
  const parsed = parseLog(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  return parsed.ok ? prepareTrack(trackOf(orderRows(parsed.log.rows))) : null;
}

export function answerOf({ copy, originals }: CopyMatchRequest): CopyMatchAnswer {
  const track = copyTrackOf(copy);
  if (!track) return { matches: [] };
  return {
    matches: originals.flatMap(({ log_id, bytes }) => {
      const original = copyTrackOf(bytes);
      if (!original) return [];
      const { z, isCopy } = matchCopy(track, original);
      return [{ log_id, z, isCopy, min_z: copyMinZ(track) }];
    }),
  };
}

parentPort?.on('message', (request: CopyMatchRequest) => parentPort?.postMessage(answerOf(request)));
