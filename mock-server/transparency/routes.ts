import type { ConsistencyProofResponse, InclusionProofResponse, TransparencyLookupResponse } from '../../src/domain/api/transparency';
import { manifestLookup, packageLookup, transactionLookup } from '../../src/domain/transparency/entries';
import type { AppContext } from '../context';
import { badRequest, fieldError, notFound } from '../http/errors';
import { wholeNumber } from '../http/fieldErrors';
import type { Handlers } from '../http/mountOperations';
import { toHex } from '../store/transparencyAppend';
import { proveConsistency, proveInclusion, signedCheckpoint } from './log';

/**
 * The transparency log's public calls (docs/security.md, "Transparency log"): no token, as an entry
 * holds no secret. Mounted before the contract's validator, so each reads its own parameters.
 */

const SHA256 = /^[0-9a-fA-F]{64}$/;
const MAX_LOOKUP = 200;

function onlyQuery(query: Record<string, unknown>, known: readonly string[]): void {
  const unknown = Object.keys(query).find((name) => !known.includes(name));
  if (unknown !== undefined) throw fieldError(unknown, `Unknown query parameter '${unknown}'.`);
}

/** A whole number of at least `min` named `name`; 400 naming it otherwise. */
function count(value: unknown, name: string, min: number): number {
  const n = wholeNumber(value);
  if (n === undefined || n < min) throw fieldError(name, `${name} must be a whole number of at least ${min}.`);
  return n;
}

/** 400 unless the log holds `size` entries or more. */
function withinLog(size: number, held: number, name: string): void {
  if (size > held) throw fieldError(name, `${name} must be at most ${held}: the log holds ${held} entries.`);
}

export function transparencyHandlers({ data, signer, config }: AppContext): Handlers {
  const log = data.transparency;
  return {
    getTransparencyCheckpoint: async (req, res) => {
      onlyQuery(req.query, []);
      const { note } = await signedCheckpoint(log, config.transparencyOrigin, signer);
      res.type('text/plain; charset=utf-8').send(note);
    },

    getTransparencyEntry: async (req, res) => {
      onlyQuery(req.query, []);
      const index = count(req.params.index, 'index', 0);
      const found = await log.entry(index);
      if (!found) throw fieldError('index', `index must be less than ${await log.size()}: the log holds that many entries.`);
      res.type('application/json').send(Buffer.from(found.entry, 'utf8'));
    },

    lookUpTransparencyEntry: async (req, res) => {
      onlyQuery(req.query, ['q']);
      const { q } = req.query;
      if (typeof q !== 'string' || !q.trim() || q.length > MAX_LOOKUP)
        throw fieldError('q', `q must be a SHA-256 or a transaction id, at most ${MAX_LOOKUP} characters.`);
      // 64 hex digits are a digest first; a transaction id may look like one
      const keys = [...(SHA256.test(q.trim()) ? [packageLookup(q.trim()), manifestLookup(q.trim())] : []), transactionLookup(q)];
      let found: number | null = null;
      for (const key of keys) found ??= await log.lookup(key);
      // digits that are no transaction id name an entry, as the public page's box reads them
      if (found === null && /^\d+$/.test(q.trim()) && Number(q.trim()) < (await log.size())) found = Number(q.trim());
      if (found !== null) {
        const body: TransparencyLookupResponse = { index: found };
        res.json(body);
        return;
      }
      throw notFound('No verification package, manifest or eco asset of this SHA-256 or transaction id is in the transparency log.');
    },

    getInclusionProof: async (req, res) => {
      onlyQuery(req.query, ['index', 'tree_size']);
      const index = count(req.query.index, 'index', 0);
      const size = count(req.query.tree_size, 'tree_size', 1);
      if (index >= size) throw fieldError('index', 'index must be less than tree_size.');
      withinLog(size, await log.size(), 'tree_size');
      const body: InclusionProofResponse = {
        leaf_index: index,
        tree_size: size,
        hashes: (await proveInclusion(log, index, size)).map(toHex),
      };
      res.json(body);
    },

    getConsistencyProof: async (req, res) => {
      onlyQuery(req.query, ['first', 'second']);
      const first = count(req.query.first, 'first', 1);
      const second = count(req.query.second, 'second', 1);
      if (first > second) throw badRequest('first must not be more than second.', { first: 'first must not be more than second.' });
      withinLog(second, await log.size(), 'second');
      const body: ConsistencyProofResponse = { hashes: (await proveConsistency(log, first, second)).map(toHex) };
      res.json(body);
    },
  };
}
