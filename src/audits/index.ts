import { RESOURCES } from '../domain/operations';
import { pageLoader } from '../layout/pageLoader';
import type { PageModule } from '../layout/resourceModule';

const AUDITS_LIST = { resource: RESOURCES.audits, action: 'list' } as const;

/** Propose Audit (route audit/create). */
export const proposeAudit: PageModule = {
  path: 'audit/create',
  list: pageLoader(() => import('./ProposeAuditPage')),
  access: { resource: RESOURCES.audits, action: 'create' },
};

/** Carbon Removals: Review Proposed Logs (route audit/review). */
export const reviewAudit: PageModule = {
  path: 'audit/review',
  list: pageLoader(() => import('./ReviewAuditPage')),
  access: AUDITS_LIST,
};

/** Audit History (route audit/history). */
export const auditHistory: PageModule = {
  path: 'audit/history',
  list: pageLoader(() => import('./AuditHistoryPage')),
  access: AUDITS_LIST,
};
