import { describe, expect, it } from 'vitest';
import { pdfText } from '../../mock-server/auditPackage/reportText';
import type { AuditableLogsResponse, AuditHistoryResponse, ProposedAuditsResponse } from '../../src/domain/api/audits';
import { SIGNOFF_BY_PROPOSER } from '../../src/domain/audits/fourEyes';
import { TINY_PDF } from '../helpers/configure';
import { snapshot } from '../helpers/snapshot';
import { binaryBody, useTestServer } from '../helpers/testServer';

/**
 * The demo's audit evidence as a first look sees it: signoff
 * statements an auditor would issue, and open proposals the demo kiln file
 * admin may sign off, on either store.
 */

const api = useTestServer();
const http = () => api.server.http;

describe("the seed's signoff statements", () => {
  it('are legible PDFs naming the auditor, the facility and the audit', async () => {
    const facilities = await api.server.ctx.data.facilities.list({});
    let seen = 0;
    for (const facility of facilities) {
      const history = (
        (await http().get(`/api/audit/history?facility_id=${facility.id}`).set(api.as('superadmin'))).body as AuditHistoryResponse
      ).data.filter((h) => h.job_id.startsWith('AUD-'));
      for (const audit of history) {
        const res = await http().get(`/api/audit/evidence/${audit.docKey}`).set(api.as('kilnadmin')).buffer(true).parse(binaryBody);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        const text = (await pdfText(res.body as Buffer)).replace(/\s+/g, ' ');
        expect(text).toContain('Audit Signoff Statement');
        expect(text).toContain(`Audit ${audit.job_id} (proposal ${audit.id})`);
        expect(text).toContain(`Facility: ${facility.name} (${facility.mnemonic})`);
        expect(text).toMatch(/Auditor: Highveld Carbon Assurance \(demo\), lead auditor M\. Wanjiru/);
        expect(text).toContain(`Signed off: ${audit.signoff_ts.slice(0, 10)}`);
        seen++;
      }
    }
    expect(seen).toBe(3);
  });
});

describe("the seed's open proposals", () => {
  const open = async () => ((await http().get('/api/dropdowns/audits').set(api.as('superadmin'))).body as ProposedAuditsResponse).data;

  it('are made by the super-admin as well as by the kiln file admin', async () => {
    const superadmin = (await api.server.ctx.data.users.findByUsername('superadmin'))!;
    const kilnadmin = (await api.server.ctx.data.users.findByUsername('kilnadmin'))!;
    const seeded = (await open()).filter((a) => a.job_id.startsWith('JOB-'));
    expect(new Set(seeded.map((a) => a.proposed_by))).toEqual(new Set([superadmin.id, kilnadmin.id]));
  });

  it("let the demo kiln file admin sign off the super-admin's proposal, and not its own (four eyes)", async () => {
    const kilnadmin = (await api.server.ctx.data.users.findByUsername('kilnadmin'))!;
    const seeded = (await open()).filter((a) => a.job_id.startsWith('JOB-'));
    const signoff = async (auditId: number) => {
      const logs = ((await http().get(`/api/audit/auditable_logs?audit=${auditId}`).set(api.as('kilnadmin'))).body as AuditableLogsResponse)
        .data.logs;
      let req = http().post('/api/audit/signoff').set(api.as('kilnadmin')).field('proposed_audit_id', String(auditId));
      for (const log of logs) req = req.field('analysis_ids', String(log.analysis_id));
      return req.field('file_type', 'pdf').attach('file', TINY_PDF, 'statement.pdf');
    };
    const own = seeded.find((a) => a.proposed_by === kilnadmin.id)!;
    const before = await snapshot(api.server);
    const refused = await signoff(own.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SIGNOFF_BY_PROPOSER);
    expect(await snapshot(api.server)).toEqual(before);

    const others = seeded.find((a) => a.proposed_by !== kilnadmin.id)!;
    const signed = await signoff(others.id);
    expect(signed.status, signed.text).toBe(200);
    expect((await open()).map((a) => a.id)).not.toContain(others.id);
  });
});
