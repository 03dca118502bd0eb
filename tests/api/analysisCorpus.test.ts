import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../mock-server/analysis';
import { readCorpus } from '../fixtures/burns/corpus';
import { useTestServer } from '../helpers/testServer';

/**
 * The field-like corpus (tests/fixtures/burns) uploaded as a kiln would: each
 * burn's biomass loaded, biochar prior to quench and burn duration within 3 %
 * of its sidecar truth, judged valid, by the current algorithm.
 */

const api = useTestServer();

const relativeError = (measured: number, truth: number) => Math.abs(measured / truth - 1);

describe('uploading the field-like corpus', () => {
  it.each(readCorpus())('$name: within 3 % of its truth and valid', async ({ name, text, truth }) => {
    const res = await api.server.http.post('/api/kilnlogs/upload').set(api.as('uploader')).attach('file', Buffer.from(text), `${name}.csv`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kiln_id: truth.kiln_id, error_message: null, valid: true });
    const result = JSON.parse(res.body.analysis) as AnalysisResult;
    expect(result.algorithm_version).toBe('2.2.0');
    expect(result.reasons).toEqual([]);
    expect(relativeError(result.biomass_loaded, truth.biomass_kg)).toBeLessThan(0.03);
    expect(relativeError(result.biochar_prior_to_quench, truth.biochar_prior_kg)).toBeLessThan(0.03);
    expect(relativeError(result.burn_duration, truth.burn_duration_ms)).toBeLessThan(0.03);
  });
});
