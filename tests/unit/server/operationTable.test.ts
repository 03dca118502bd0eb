import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RequestHandler } from 'express';
import { describe, expect, it } from 'vitest';
import { loadOpenApi, readOpenApi } from '../../../mock-server/http/openapiDocument';
import { byPrecedence, expressPath, operationRouters, type Handlers } from '../../../mock-server/http/mountOperations';
import { OPERATIONS, operationFor } from '../../../src/domain/operations';

const operations = loadOpenApi().operations;
const key = (op: { method: string; template: string }) => `${op.method} ${op.template}`;

/**
 * The table's entries no call of the server names: the console asks them for
 * what it shows over calls guarded by another entry (an export reads the
 * list; the Carbon Removals tabs read the audit calls; one's own profile).
 */
const CONSOLE_ONLY = [
  'archived_kiln_logs.download',
  'archived_kiln_logs.export',
  'archived_kiln_logs.show',
  'audit_proposals.create',
  'audit_proposals.list',
  'auditable_logs.list',
  'audited_logs.list',
  'audits.export',
  'batches.export',
  'eco_allocations.list',
  'eco_assets.export',
  'facilities.export',
  'facilities.show',
  'kiln_logs.export',
  'kilns.export',
  'potential_audit_logs.list',
  'profile.show',
  'users.export',
];

const tableEntries = Object.entries(OPERATIONS).flatMap(([resource, actions]) =>
  Object.keys(actions).map((action) => `${resource}.${action}`),
);

/** The server's own source files (not its store or tools), as [path, text]. */
function serverSources(): [string, string][] {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return ['store', 'tools', 'seed'].includes(entry.name) && dir === 'mock-server' ? [] : walk(rel);
      return rel.endsWith('.ts') ? [rel] : [];
    });
  return walk('mock-server').map((file) => [file, fs.readFileSync(path.join(root, file), 'utf8')]);
}

/** The table entries handlers ask beyond their route's operation: may(auth, 'resource', 'action'). */
function askedInHandlers(): string[] {
  const asked = serverSources().flatMap(([, text]) =>
    [...text.matchAll(/\bmay\(\w+!?, '(\w+)', '(\w+)'\)/g)].map((m) => `${m[1]}.${m[2]}`),
  );
  return [...new Set(asked)].sort();
}

const noop: RequestHandler = (_req, _res, next) => next();
const handlersOf = (ids: string[]): Handlers => Object.fromEntries(ids.map((id) => [id, noop]));

describe('openapi.yaml and the operation table, one to one', () => {
  it('gives every operation a unique camelCase operationId', () => {
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
  });

  it('names a table entry for every call that needs a token, and public only for those that need none', () => {
    expect(operations.filter((op) => op.needsToken && !(op.operation && operationFor(op.operation))).map(key)).toEqual([]);
    expect(operations.filter((op) => !op.operation).map(key)).toEqual([
      'GET /health',
      'GET /health/ready',
      'GET /signing-keys',
      'GET /transparency/checkpoint',
      'GET /transparency/entries/{index}',
      'GET /transparency/lookup',
      'GET /transparency/proof/inclusion',
      'GET /transparency/proof/consistency',
      'POST /auth',
    ]);
  });

  it("takes each call's rule from its table entry", () => {
    for (const op of operations.filter((o) => o.operation)) expect(op.rule, key(op)).toEqual(operationFor(op.operation!)!.rule);
  });

  it('uses every table entry but those the console alone asks: a call names it, or a handler asks it through may()', () => {
    const used = new Set([
      ...operations.flatMap((op) => (op.operation ? [`${op.operation.resource}.${op.operation.action}`] : [])),
      ...askedInHandlers(),
    ]);
    expect(tableEntries.filter((entry) => !used.has(entry)).sort()).toEqual(CONSOLE_ONLY);
  });

  it('has an entry for everything a handler asks through may(), and handlers ask nothing else of the rules', () => {
    expect(askedInHandlers().filter((entry) => !tableEntries.includes(entry))).toEqual([]);
    expect(askedInHandlers()).toEqual(expect.arrayContaining(['users.grantSuperAdmin', 'facilities.reassign', 'kilns.approve']));
    const byHand = serverSources().filter(
      ([file, text]) => file !== 'mock-server/auth/may.ts' && /\bcanAccess\(|\bauth!?\.role\b/.test(text),
    );
    expect(byHand.map(([file]) => file)).toEqual(['mock-server/auth/middleware.ts']);
  });

  it('refuses a document naming an entry the table lacks, or a public call that needs a token', () => {
    const doc = (op: string, security = '') =>
      `paths:\n  /x:\n    get:\n      operationId: getX\n      x-operation: ${op}\n${security}      responses: {}\n`;
    expect(() => readOpenApi(doc('kilns.fly'))).toThrow(/not in the operation table/);
    expect(() => readOpenApi(doc('kilns'))).toThrow(/<resource>.<action>/);
    expect(() => readOpenApi(doc('public'))).toThrow(/security: \[\]/);
    expect(() => readOpenApi(doc('kilns.list', '      security: []\n'))).toThrow(/x-operation public/);
    expect(readOpenApi(doc('kilns.list')).operations[0].rule).toEqual({ action: 'read', subject: 'kiln' });
  });
});

describe('mounting the operations', () => {
  const ids = operations.map((op) => op.operationId);

  it('mounts a handler for each operation', () => {
    expect(() => operationRouters(operations, [handlersOf(ids)])).not.toThrow();
  });

  it('refuses to start with an operation that has no handler, or a handler of no operation, or two handlers of one', () => {
    expect(() => operationRouters(operations, [handlersOf(ids.filter((id) => id !== 'addKiln'))])).toThrow(
      /POST \/kiln\/registry\/add \(addKiln\) has no handler/,
    );
    expect(() => operationRouters(operations, [handlersOf([...ids, 'flyKiln'])])).toThrow(/the handler flyKiln names no operation/);
    expect(() => operationRouters(operations, [handlersOf(ids), handlersOf(['addKiln'])])).toThrow(
      /Two handlers for the operation addKiln/,
    );
  });

  it('tries a literal path segment before a parameter where paths overlap', () => {
    const order = [...operations].sort(byPrecedence).map(key);
    expect(order.indexOf('GET /users/facilities')).toBeLessThan(order.indexOf('GET /users/{id}'));
    expect(order.indexOf('GET /audit/evidence/{doc_key}')).toBeLessThan(order.indexOf('GET /audit/{id}/package'));
    expect(order.indexOf('POST /kilnlogs/upload')).toBeLessThan(order.indexOf('POST /kilnlogs/{id}/analyse'));
  });

  it('writes path parameters the express way', () => {
    expect(expressPath('/kilns/{id}/keys/{keyId}/revoke')).toBe('/kilns/:id/keys/:keyId/revoke');
  });
});
