/**
 * Production batches, their lab results and end uses, and the laboratories
 * with their keys (issue 43): the records are the domain's
 * (src/domain/batches/types.ts), so the rules and the store read one shape.
 */
export type {
  BatchEmissions,
  BatchRecord,
  BatchState,
  EndUseKind,
  EndUseRecord,
  LabKeyRecord,
  LabRecord,
  LabResultRecord,
} from '../../../src/domain/batches/types';
