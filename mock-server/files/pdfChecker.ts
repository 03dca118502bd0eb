import { Worker } from 'node:worker_threads';
import { fieldError } from '../http/errors';
import type { PdfCheckAnswer, PdfCheckRequest } from './pdfWorker';

export interface PdfCheckLimits {
  /** how long one check may take before the file is refused (PDF_CHECK_TIMEOUT_MS) */
  timeoutMs: number;
  /** the most bytes a PDF's object and cross-reference streams may inflate to (PDF_MAX_INFLATED_MB) */
  maxInflatedBytes: number;
  /** the worker's JavaScript heap (PDF_CHECK_MEMORY_MB) */
  memoryMb: number;
}

const BOOT = new URL('./pdfWorkerBoot.mjs', import.meta.url);

/**
 * Checks PDFs (pdfCheck.ts: parseable, no active content; pdfInflation.ts:
 * no decompression bomb) off the event loop, in one worker thread with a
 * bounded heap, one PDF at a time. A check that outlasts its time or its
 * heap ends the worker, and the file is refused with a 400 saying why; the
 * next check starts a fresh worker. Meanwhile every other request is served
 * (M3 of the 2026-11-25 review: a 1 MB bomb held the whole server 29 s).
 */
export class PdfChecker {
  private worker: Worker | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly limits: PdfCheckLimits) {}

  /** Resolves when the PDF may be stored; a 400 naming the field otherwise. */
  check(bytes: Buffer, field: string): Promise<void> {
    const run = this.queue.then(() => this.checkNow(bytes, field));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Ends the worker (the server's stop). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private started(): Worker {
    if (!this.worker) {
      const worker = new Worker(BOOT, { resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb, maxYoungGenerationSizeMb: 32 } });
      // an idle checker does not keep the process alive, and one that dies between checks is replaced by the next
      worker.unref();
      worker
        .on('error', () => undefined)
        .once('exit', () => {
          if (this.worker === worker) this.worker = null;
        });
      this.worker = worker;
    }
    return this.worker;
  }

  private checkNow(bytes: Buffer, field: string): Promise<void> {
    const worker = this.started();
    const { timeoutMs } = this.limits;
    const limit = timeoutMs >= 1000 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`;
    return new Promise<void>((resolve, reject) => {
      const settle = (problem: string | null) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (problem === null) resolve();
        else reject(fieldError(field, problem));
      };
      const fail = (problem: string) => {
        // the worker is spent: the next check starts another
        if (this.worker === worker) this.worker = null;
        void worker.terminate();
        settle(problem);
      };
      const onMessage = (answer: PdfCheckAnswer) => settle(answer.problem);
      const onError = (error: Error & { code?: string }) =>
        fail(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `${field} needs more than ${this.limits.memoryMb} MB to check; send a smaller or simpler PDF.`
            : `${field} could not be checked as a PDF.`,
        );
      const onExit = () => fail(`${field} could not be checked as a PDF.`);
      const timer = setTimeout(
        () => fail(`${field} took longer than ${limit} to check; send a smaller or simpler PDF.`),
        this.limits.timeoutMs,
      );
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      const request: PdfCheckRequest = { bytes, field, maxInflatedBytes: this.limits.maxInflatedBytes };
      worker.postMessage(request);
    });
  }
}
