import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, Notification } from 'react-admin';
import { AuditEvidenceDialog } from '../../../src/audits/AuditEvidenceDialog';
import { AuditedLogsDialog } from '../../../src/audits/AuditedLogsDialog';
import { AuditLogTable } from '../../../src/audits/AuditLogTable';
import type { AuditLogRow } from '../../../src/domain/audits/types';
import { formatSignoffTime } from '../../../src/domain/dates';
import { renderInAdmin } from '../support/renderInAdmin';
import { fakeProvider, makeAuditLog } from './auditFixtures';
import { stubObjectUrls } from '../support/objectUrls';

// counts the kiln-type tags drawn, one per row drawn
const chipRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/kilns/KilnTypeChip', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/kilns/KilnTypeChip')>();
  return {
    ...real,
    KilnTypeChip: (props: Parameters<typeof real.KilnTypeChip>[0]) => {
      chipRenders.count += 1;
      return real.KilnTypeChip(props);
    },
  };
});

const FULL = makeAuditLog({ analysis_id: 11 });
const BARE = makeAuditLog({
  analysis_id: 12,
  kiln_id: 'RT-0003',
  type: 1,
  data_sample: null,
  analysis_detail: null,
  algorithm_version: null,
  gps_in_range: null,
  logts: null,
});
const OTHER_FACILITY = makeAuditLog({ analysis_id: 13, kiln_id: 'TX-0001', facility_id: 2, facility_name: 'Andes Biochar' });

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

beforeEach(() => stubObjectUrls('blob:evidence'));
afterEach(() => vi.restoreAllMocks());

describe('AuditLogTable (spec §2 Audit log table)', { timeout: 15000 }, () => {
  it("shows a burn's figures with 1 decimal, its sample, type and analysis version", () => {
    renderInAdmin(<AuditLogTable logs={[FULL]} />);
    const row = within(rowOf('CG1-0007'));
    for (const text of ['1,507.7', '618.1', '2 rows from 2026-03-01 06:00:00', 'C-Go-1', '2.0.0', '01-Mar-2026 06:05']) {
      expect(row.getByText(text)).toBeInTheDocument();
    }
  });

  it("says 'No Sample Data', 'N/A' and 'None' for a burn without sample or analysis", () => {
    renderInAdmin(<AuditLogTable logs={[BARE]} />);
    const row = within(rowOf('RT-0003'));
    expect(row.getByText('No Sample Data')).toBeInTheDocument();
    expect(row.getAllByText('N/A')).toHaveLength(3); // log time, CO2, biochar
    expect(row.getByText('None')).toBeInTheDocument();
  });

  it('lists every row when not paginated, and pages when asked', { timeout: 20000 }, () => {
    const many = Array.from({ length: 12 }, (_, i) => makeAuditLog({ analysis_id: 100 + i, kiln_id: `K-${100 + i}` }));
    const { unmount } = renderInAdmin(<AuditLogTable logs={many} />);
    expect(screen.getAllByRole('row')).toHaveLength(13);
    unmount();
    renderInAdmin(<AuditLogTable logs={many} perPage={5} />);
    expect(screen.getAllByRole('row')).toHaveLength(6);
  });

  it('shows its empty text', () => {
    renderInAdmin(<AuditLogTable logs={[]} empty="audits.review.noLogs" />);
    expect(screen.getByText('No validated analysed burns available to be audited!')).toBeInTheDocument();
  });

  it('has no checkboxes when read-only', () => {
    renderInAdmin(<AuditLogTable logs={[FULL, BARE]} />);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it("selects through the parent's state and keeps rows the parent refuses disabled", async () => {
    const changes: number[][] = [];
    function Selecting() {
      const [ids, setIds] = useState<number[]>([]);
      return (
        <>
          <AuditLogTable
            logs={[FULL, BARE, OTHER_FACILITY]}
            selection={{
              selectedIds: ids,
              onChange: (requested) => {
                changes.push(requested);
                setIds(requested);
              },
              isSelectable: (row: AuditLogRow) => row.facility_id === 1,
            }}
          />
          <p>{`chosen ${ids.join(',')}`}</p>
        </>
      );
    }
    renderInAdmin(<Selecting />);
    const otherBox = within(rowOf('TX-0001')).getByRole('checkbox');
    expect(otherBox).toBeDisabled();
    await userEvent.click(within(rowOf('CG1-0007')).getByRole('checkbox'));
    expect(changes.at(-1)).toEqual([11]);
    expect(await screen.findByText('chosen 11')).toBeInTheDocument();
    await userEvent.click(within(rowOf('RT-0003')).getByRole('checkbox'));
    expect(changes.at(-1)).toEqual([11, 12]);
    await userEvent.click(within(rowOf('CG1-0007')).getByRole('checkbox'));
    expect(changes.at(-1)).toEqual([12]);
  });

  it('draws again only the row whose box is ticked (Propose Audit ticks stay instant on long pages)', async () => {
    function Selecting() {
      const [ids, setIds] = useState<number[]>([]);
      return (
        <>
          <AuditLogTable logs={[FULL, BARE, OTHER_FACILITY]} selection={{ selectedIds: ids, onChange: setIds, isSelectable: () => true }} />
          <p>{`chosen ${ids.join(',')}`}</p>
        </>
      );
    }
    renderInAdmin(<Selecting />);
    expect(chipRenders.count).toBeGreaterThanOrEqual(3);
    chipRenders.count = 0;
    await userEvent.click(within(rowOf('RT-0003')).getByRole('checkbox'));
    expect(await screen.findByText('chosen 12')).toBeInTheDocument();
    expect(chipRenders.count).toBe(1);
  });
});

/** the audit the dialogs name: job id, signoff time and proposal number */
const AUDIT = { id: 5, job_id: 'AUD-2026-05-03', signoff_ts: '2026-05-20T12:00:00.000Z' };
const AUDIT_NAME = `AUD-2026-05-03 · ${formatSignoffTime(AUDIT.signoff_ts)} · Proposal 5`;

describe('AuditedLogsDialog', () => {
  it("lists an audit's burns under the title 'Audited Logs', naming the audit", async () => {
    const getList = vi.fn(async () => ({ data: [{ ...FULL, id: 11 }], total: 1 }));
    renderInAdmin(<AuditedLogsDialog audit={AUDIT} onClose={() => {}} />, fakeProvider({ getList }));
    const dialog = await screen.findByRole('dialog', { name: 'Audited Logs' });
    expect(within(dialog).getByText(AUDIT_NAME)).toBeInTheDocument();
    expect(await within(dialog).findByText('CG1-0007')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('audited_logs', expect.objectContaining({ filter: { audit_id: 5 } }));
  });

  // a 500 is retried twice with back-off before it is an error
  it("notifies 'Error retrieving audit(ed) logs' and says so in place", { timeout: 20000 }, async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const getList = vi.fn(async () => {
      throw new HttpError('Internal server error.', 500);
    });
    renderInAdmin(
      <>
        <AuditedLogsDialog audit={AUDIT} onClose={() => {}} />
        <Notification />
      </>,
      fakeProvider({ getList }),
    );
    expect(await screen.findByText('Error retrieving audit(ed) logs', {}, { timeout: 10000 })).toBeInTheDocument();
    expect(screen.getByText('The logs could not be loaded.')).toBeInTheDocument();
  });

  it('closes from its Close button', async () => {
    const onClose = vi.fn();
    renderInAdmin(<AuditedLogsDialog audit={AUDIT} onClose={onClose} />, fakeProvider({ getList: async () => ({ data: [], total: 0 }) }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('AuditEvidenceDialog', () => {
  it("shows the evidence of a doc_key in the viewer, titled 'Audit Evidence' and naming the audit", async () => {
    const getDocument = vi.fn(async () => ({ blob: new Blob(['png'], { type: 'image/png' }), contentType: 'image/png' }));
    renderInAdmin(<AuditEvidenceDialog docKey="audits/7.png" audit={AUDIT} onClose={() => {}} />, fakeProvider({ getDocument }));
    const dialog = await screen.findByRole('dialog', { name: 'Audit Evidence' });
    expect(within(dialog).getByText(AUDIT_NAME)).toBeInTheDocument();
    expect(await within(dialog).findByRole('img', { name: 'Audit Evidence' })).toHaveAttribute('src', 'blob:evidence');
    expect(getDocument).toHaveBeenCalledWith({ kind: 'evidence', docKey: 'audits/7.png' });
  });

  it("notifies 'Error retrieving audit evidence' when it cannot be fetched, a 404 too", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const getDocument = vi.fn(async () => {
      throw new HttpError('Not found.', 404);
    });
    renderInAdmin(
      <>
        <AuditEvidenceDialog docKey="gone" audit={AUDIT} onClose={() => {}} />
        <Notification />
      </>,
      fakeProvider({ getDocument }),
    );
    expect(await screen.findByText('Error retrieving audit evidence')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('The document was not found.')).toBeInTheDocument());
  });

  it('says so when the audit has no evidence, without a call', async () => {
    const getDocument = vi.fn();
    renderInAdmin(<AuditEvidenceDialog docKey={null} audit={AUDIT} onClose={() => {}} />, fakeProvider({ getDocument }));
    expect(screen.getByText('This audit has no evidence on file.')).toBeInTheDocument();
    expect(screen.getByText(AUDIT_NAME)).toBeInTheDocument();
    expect(getDocument).not.toHaveBeenCalled();
  });
});
