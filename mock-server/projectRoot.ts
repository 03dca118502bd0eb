import path from 'node:path';

/** The project's top folder (package.json, dist/, data/), in a module of its own so that tools load it without the server. */
export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
