import { Worker } from 'node:worker_threads';
import type { CopyMatchAnswer, CopyMatchRequest } from './copyMatchWorker';

const BOOT = new URL('./copyMatchWorkerBoot.mjs', import.meta.url);

/**
 * Runs the copy check's wobble matches (copyMatchWorker.ts) off the event loop, in one
 * worker thread per process, started on first use and left idle (unreferenced: it keeps
 * no process alive). The copy check's queue sends one request at a time. A worker that
 * errs or exits fails its request, and the next starts a fresh one.
 */
let worker: Worker | null = null;

function started(): Worker {
  if (!worker) {
    const fresh = new Worker(BOOT);
    fresh.unref();
    fresh
      .on('error', () => undefined)
      .once('exit', () => {
        if (worker === fresh) worker = null;
      });
    worker = fresh;
  }
  return worker;
}

export function matchInWorker(request: CopyMatchRequest): Promise<CopyMatchAnswer> {
  const thread = started();
  return new Promise<CopyMatchAnswer>((resolve, reject) => {
    const done = () => thread.off('message', onMessage).off('error', onError).off('exit', onExit);
    const onMessage = (answer: CopyMatchAnswer) => (done(), resolve(answer));
    const onError = (error: Error) => {
      done();
      if (worker === thread) worker = null;
      void thread.terminate();
      reject(error);
    };
    const onExit = (code: number) => (done(), reject(new Error(`The copy match's worker stopped (exit ${code}).`)));
    thread.on('message', onMessage).on('error', onError).once('exit', onExit);
    thread.postMessage(request);
  });
}
