// The copy check's worker thread starts here: a worker does not inherit the
// TypeScript loader of the server (tsx) or of the tests (vitest), so it
// loads its TypeScript module through tsx itself (as the PDF check's does).
import { tsImport } from 'tsx/esm/api';

await tsImport('./copyMatchWorker.ts', import.meta.url);
