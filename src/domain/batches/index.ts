/** Production batches, their lab results, end uses and emissions, and the laboratories (issue 43): pure rules and records. */
export * from './feedstocks';
export * from './types';
export * from './batchRules';
export * from './treatmentTemperature';
export * from './labResults';
export * from './endUses';
export * from './emissions';
export * from './labs';
