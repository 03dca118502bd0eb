import { describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../../mock-server/http/openapiDocument';
import { OPERATIONS } from '../../../src/domain/operations';

/** the calls any logged-in user may make (operations.ts: changes.list, profile, methodologies.list) */
const ANY_USER = ['GET /methodologies', 'GET /changes', 'POST /user/{username}/update'];

const grantedRules = new Set(
  Object.values(OPERATIONS)
    .flatMap((actions) => Object.values(actions))
    .flatMap((op) => (op?.rule ? [`${op.rule.action} ${op.rule.subject}`] : [])),
);

describe('openapi.yaml x-operation rules (what the contract check expects of each role)', () => {
  const operations = loadOpenApi().operations.filter((op) => op.needsToken);

  it('names the rule of every call that needs a token, but the few any user may make', () => {
    const missing = operations.filter((op) => !op.rule).map((op) => `${op.method} ${op.template}`);
    expect(missing).toEqual(ANY_USER);
  });

  it('names only rules the server guards calls with', () => {
    const unknown = operations.filter((op) => op.rule && !grantedRules.has(`${op.rule.action} ${op.rule.subject}`));
    expect(unknown.map((op) => `${op.method} ${op.template}: ${op.rule?.action} ${op.rule?.subject}`)).toEqual([]);
  });

  it('gives every path parameter of a read call a place to take a real value from', () => {
    const blind = operations
      .filter((op) => op.method === 'GET')
      .flatMap((op) => op.parameters.filter((p) => p.in === 'path' && !p['x-value-from']).map((p) => `${op.template} {${p.name}}`));
    expect(blind).toEqual([]);
  });
});
