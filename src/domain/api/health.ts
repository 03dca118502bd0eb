/** Payloads of the health calls (GET /api/health/ready). Shapes from mock-server/openapi.yaml through generated.ts. */
import type { components } from './generated';

type Schemas = components['schemas'];

export type Readiness = Schemas['Readiness'];
export type DependencyCheck = Schemas['DependencyCheck'];
