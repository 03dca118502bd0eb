import type { DependencyCheck, Readiness } from '../../src/domain/api/health';
import type { AppContext } from '../context';
import type { Handlers } from './mountOperations';
import { RETRY_AFTER_S } from './unavailable';

/** each dependency's answer is awaited this long at most: a load balancer's probe must not hang on a frozen one */
const CHECK_BUDGET_MS = 5_000;

/** Whether the server is draining (SIGTERM): readiness answers 503 from then on, so a balancer sends nothing new. */
export interface Lifecycle {
  stopping: boolean;
}

async function check(kind: DependencyCheck['kind'], probe: () => Promise<void>): Promise<DependencyCheck> {
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_BUDGET_MS} ms`)), CHECK_BUDGET_MS);
  });
  try {
    await Promise.race([probe(), budget]);
    return { kind, ok: true };
  } catch (err) {
    console.warn(`Readiness: the ${kind} check failed: ${err instanceof Error ? err.message : String(err)}`);
    return { kind, ok: false };
  } finally {
    clearTimeout(timer);
  }
}

const STORE_NAMES = { embedded: 'the embedded store (db.json)', postgres: 'the database (PostgreSQL)' } as const;
const FILES_NAMES = { local: 'file storage (the local folder)', s3: 'file storage (the S3 bucket)' } as const;

/**
 * GET /health: the process answers (liveness). GET /health/ready: the store and the file storage answer too,
 * 503 naming the one that failed, or once the server is shutting down (readiness, for a load balancer).
 */
export function healthHandlers(ctx: AppContext, lifecycle: Lifecycle): Handlers {
  return {
    getHealth: (_req, res) => res.json({ status: 'ok' }),
    getReadiness: async (_req, res) => {
      const [store, files] = await Promise.all([
        check(ctx.data.kind, () => ctx.data.checkHealth()),
        check(ctx.blobs.kind, () => ctx.blobs.checkHealth()),
      ]);
      const failed = [...(store.ok ? [] : [STORE_NAMES[ctx.data.kind]]), ...(files.ok ? [] : [FILES_NAMES[ctx.blobs.kind]])];
      const body: Readiness = lifecycle.stopping
        ? { status: 'stopping', message: 'The server is shutting down.', checks: { store, files } }
        : failed.length
          ? { status: 'unavailable', message: `Not ready: ${failed.join(' and ')} cannot be reached.`, checks: { store, files } }
          : { status: 'ready', checks: { store, files } };
      if (body.status !== 'ready') res.status(503).set('Retry-After', String(RETRY_AFTER_S));
      res.json(body);
    },
  };
}
