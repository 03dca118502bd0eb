/**
 * Payloads of the Admin screen's calls and of Home's Recent Changes; the
 * shapes come from mock-server/openapi.yaml through generated.ts.
 */
import type { components } from './generated';

type Schemas = components['schemas'];

/** GET /api/admin/statistics. */
export type Statistics = Schemas['Statistics'];
/** A Recent Changes entry (GET /api/changes, /api/admin/changes). */
export type RecentChange = Schemas['Change'];
/** POST and PUT /api/admin/changes. */
export type ChangeSaveRequest = Schemas['ChangeSaveRequest'];
