import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { METHOD_NAMES } from '../../../src/providers/dataProvider';
import { queryKeys } from '../../../src/providers/queryKeys';

/**
 * One name per operation from screen to contract: each of the data provider's
 * own methods is named by the operationId of the call it makes
 * (mock-server/openapi.yaml), so a trail from a screen to its route is one search.
 */

/** react-admin's own methods, named by react-admin, over the simple-REST resources */
const REACT_ADMIN = ['getList', 'getOne', 'getMany', 'getManyReference', 'create', 'update', 'updateMany', 'delete', 'deleteMany'];
/** one method for several operations: a document to view (getFacilityPhoto, getFacilityStatement, getAuditEvidence, getAuditReport) by its reference */
const SEVERAL_OPERATIONS = ['getDocument'];

function operationIds(): Set<string> {
  const contract = parse(fs.readFileSync(path.join(import.meta.dirname, '../../../mock-server/openapi.yaml'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  return new Set(
    Object.values(contract.paths).flatMap((item) => Object.values(item).flatMap((op) => (op?.operationId ? [op.operationId] : []))),
  );
}

describe('the data provider', () => {
  it('names each of its own methods by the operationId of the call it makes', () => {
    const ids = operationIds();
    const own = METHOD_NAMES.filter((name) => !REACT_ADMIN.includes(name) && !SEVERAL_OPERATIONS.includes(name));
    expect(own.length).toBeGreaterThan(30);
    expect(own.filter((name) => !ids.has(name))).toEqual([]);
  });

  it('names each query key by the operationId of the call it caches, but the keys of whole groups of queries', () => {
    const GROUPS = ['resource', 'recordLists', 'fleet'];
    const ids = operationIds();
    const named = Object.keys(queryKeys).filter((name) => !GROUPS.includes(name));
    expect(named.filter((name) => !ids.has(name) && !SEVERAL_OPERATIONS.includes(name))).toEqual([]);
    expect(named.length).toBeGreaterThan(15);
  });
});
