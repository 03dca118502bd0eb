import express, { type RequestHandler } from 'express';
import { operationGuard } from '../auth/middleware';
import type { OpenApiOperation } from './openapiDocument';

/** What answers one operation: its handler, or the steps it needs first (a body parser, a rate limit) and then its handler. */
export type OperationHandler = RequestHandler | readonly RequestHandler[];

/** A feature's handlers, keyed by the operationId of mock-server/openapi.yaml: no paths, no guards. */
export type Handlers = Readonly<Record<string, OperationHandler>>;

export interface OperationRouters {
  /** the public calls (`x-operation: public`), mounted before authentication */
  open: express.Router;
  /** every other call, each behind the guard of its operation-table entry */
  guarded: express.Router;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** An OpenAPI path template as an express path: `/facility/{id}/kilns` → `/facility/:id/kilns`. */
export const expressPath = (template: string) => template.replace(/\{([^}]+)\}/g, ':$1');

const isParameter = (segment: string) => segment.startsWith('{');

/**
 * The order operations are mounted in: where two paths first differ, a
 * literal segment before a parameter (`/users/facilities` before
 * `/users/{id}`), as OpenAPI matches them; literals by name, shorter paths
 * first; one path's methods in the document's order.
 */
export function byPrecedence(a: OpenApiOperation, b: OpenApiOperation): number {
  const as = a.template.split('/');
  const bs = b.template.split('/');
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    if (as[i] === bs[i]) continue;
    const params = Number(isParameter(as[i])) - Number(isParameter(bs[i]));
    return params || (as[i] < bs[i] ? -1 : 1);
  }
  return as.length - bs.length;
}

/** The handlers of all features by operationId; throws when two name the same operation. */
function handlerTable(parts: readonly Handlers[]): Map<string, OperationHandler> {
  const table = new Map<string, OperationHandler>();
  for (const part of parts) {
    for (const [operationId, handler] of Object.entries(part)) {
      if (table.has(operationId)) throw new Error(`Two handlers for the operation ${operationId}.`);
      table.set(operationId, handler);
    }
  }
  return table;
}

/** What keeps the document and the handlers from matching one to one: operations with no handler, handlers of no operation. */
export function unmatchedHandlers(operations: readonly OpenApiOperation[], operationIds: Iterable<string>): string[] {
  const handled = new Set(operationIds);
  const documented = new Set(operations.map((op) => op.operationId));
  return [
    ...operations
      .filter((op) => !handled.has(op.operationId))
      .map((op) => `${op.method} ${op.template} (${op.operationId}) has no handler`),
    ...[...handled].filter((id) => !documented.has(id)).map((id) => `the handler ${id} names no operation of openapi.yaml`),
  ];
}

/**
 * Mounts each operation of the document at its path and method with the
 * handler of its operationId, behind the guard its `x-operation` entry of the
 * operation table gives (auth/middleware.ts, operationGuard): a permission is
 * written in the table alone. Throws, so the server does not start, when an
 * operation has no handler or a handler no operation.
 */
export function operationRouters(operations: readonly OpenApiOperation[], parts: readonly Handlers[]): OperationRouters {
  const handlers = handlerTable(parts);
  const unmatched = unmatchedHandlers(operations, handlers.keys());
  if (unmatched.length) throw new Error(`mock-server/openapi.yaml and the server's handlers differ: ${unmatched.join('; ')}.`);
  const routers: OperationRouters = { open: express.Router(), guarded: express.Router() };
  for (const op of [...operations].sort(byPrecedence)) {
    const steps = [handlers.get(op.operationId)!].flat();
    const method = op.method.toLowerCase() as Method;
    if (op.operation) routers.guarded[method](expressPath(op.template), operationGuard(op.operation, op.tokenOptional), ...steps);
    else routers.open[method](expressPath(op.template), ...steps);
  }
  return routers;
}
