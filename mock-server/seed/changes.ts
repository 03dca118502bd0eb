import { sanitizeChangeBody } from '../changes/sanitize';
import type { Seeder } from '.';

const CHANGES = [
  {
    date: '2026-11-20',
    title: 'Analysis and archival locked for audited burns',
    body: '<p>Analysis and archival cannot be triggered for an audited burn. The console hides the buttons and the server refuses the request.</p>',
  },
  {
    date: '2026-11-12',
    title: 'One facility per audit',
    body: '<p>An audit can be done for only one facility at a time. Proposed logs from several facilities are summarised per facility before signoff.</p>',
  },
  {
    date: '2026-10-28',
    title: 'Burn analysis records its version',
    body: '<p>Every analysis result now carries <code>algorithm_version</code> and the factors and thresholds used, so an audited number can be explained later.</p>',
  },
  {
    date: '2026-10-09',
    title: 'Dark mode',
    body: '<p>A <strong>Dark Mode</strong> switch in the footer. Your choice is remembered on this device.</p>',
  },
];

export const seedChanges: Seeder = (state) => {
  state.changes = CHANGES.map((c, i) => ({ id: i + 1, ...c, body: sanitizeChangeBody(c.body) }));
};
