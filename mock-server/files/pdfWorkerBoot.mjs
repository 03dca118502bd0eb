// The PDF check's worker thread starts here: a worker does not inherit the
// TypeScript loader of the server (tsx) or of the tests (vitest), so it
// loads its TypeScript module through tsx itself.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pdfWorker.ts', import.meta.url);
