import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, generateApiTypes } from '../../../mock-server/tools/contract/apiTypes';

describe('src/domain/api/generated.ts', () => {
  it('is what `npm run api:types` makes of mock-server/openapi.yaml today (run it after changing the contract)', async () => {
    expect(fs.readFileSync(API_TYPES_FILE, 'utf8')).toBe(await generateApiTypes());
  });
});
