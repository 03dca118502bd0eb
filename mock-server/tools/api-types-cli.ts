import fs from 'node:fs';
import path from 'node:path';
import { API_TYPES_FILE, generateApiTypes } from './contract/apiTypes';
import { PROJECT_ROOT } from '../config';

/** `npm run api:types`: rewrites src/domain/api/generated.ts from mock-server/openapi.yaml. */
generateApiTypes().then(
  (text) => {
    fs.writeFileSync(API_TYPES_FILE, text);
    console.log(`Wrote ${path.relative(PROJECT_ROOT, API_TYPES_FILE)}.`);
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
