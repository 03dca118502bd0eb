import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../mock-server/analysis';
import { readCorpus } from '../fixtures/burns/corpus';
import { copyChecksSettled } from '../../mock-server/fleet/copyCheck';
import { useTestServer } from '../helpers/testServer';

/**
 * The field-like corpus (tests/fixtures/burns) uploaded as a kiln would: each
 * burn's biomass loaded, biochar prior to quench and burn duration within 3 %
 * of its sidecar truth, judged valid, by the current algorithm; and none
 * taken for a copy of another, or of a demo burn, by the copy check.
 */

const api = useTestServer();

const uploaded: number[] = [];

const relativeError = (measured: number, truth: number) => Math.abs(measured / truth - 1);

describe('uploading the field-like corpus', () => {
  it.each(readCorpus())('$name: within 3 % of its truth and valid', async ({ name, text, truth }) => {
    const res = await api.server.http.post('/api/kilnlogs/upload').set(api.as('uploader')).attach('file', Buffer.from(text), `${name}.csv`);
    expect(res.status).toBe(201);
    uploaded.push(res.body.analysis_id as number);
    expect(res.body).toMatchObject({ kiln_id: truth.kiln_id, error_message: null, valid: true });
    const result = JSON.parse(res.body.analysis) as AnalysisResult;
    expect(result.algorithm_version).toBe('2.3.0');
    expect(result.reasons).toEqual([]);
    expect(relativeError(result.biomass_loaded, truth.biomass_kg)).toBeLessThan(0.03);
    expect(relativeError(result.biochar_prior_to_quench, truth.biochar_prior_kg)).toBeLessThan(0.03);
    expect(relativeError(result.burn_duration, truth.burn_duration_ms)).toBeLessThan(0.03);
  });

  it('takes no burn of the corpus for a copy of another, nor of a demo burn', async () => {
    expect(uploaded).toHaveLength(readCorpus().length);
    await copyChecksSettled(api.server.ctx.data);
    const res = await api.server.http
      .get('/api/fleet/anomalies')
      .query({ filter: JSON.stringify({ code: 'COPIED_BURN' }) })
      .set(api.as('superadmin'));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([]);
  });
});
