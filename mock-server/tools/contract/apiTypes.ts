import fs from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { PROJECT_ROOT } from '../../config';
import { OPENAPI_SOURCE } from '../../http/openapiDocument';

/**
 * The API's TypeScript types, generated from mock-server/openapi.yaml by
 * openapi-typescript, so the contract is written once: src/domain/api/*.ts
 * name these types for the console and the server (`npm run api:types`
 * rewrites the file; a unit test fails when it is out of date).
 */

export const API_TYPES_FILE = path.join(PROJECT_ROOT, 'src', 'domain', 'api', 'generated.ts');

const HEADER = `/**
 * Generated from mock-server/openapi.yaml by \`npm run api:types\`
 * (openapi-typescript); do not edit. Name these types through
 * src/domain/api/configure.ts and kilnLogs.ts.
 */

`;

// a file (`format: binary`, a multipart field or a download) is a Blob in the browser, not the string the schema names
const BLOB = ts.factory.createTypeReferenceNode('Blob');

export async function generateApiTypes(): Promise<string> {
  const ast = await openapiTS(fs.readFileSync(OPENAPI_SOURCE, 'utf8'), {
    transform: (schema) => (schema.format === 'binary' ? BLOB : undefined),
  });
  return HEADER + astToString(ast);
}
