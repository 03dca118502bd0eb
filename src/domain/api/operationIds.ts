import type { operations } from './generated';

/** The contract's operationIds (mock-server/openapi.yaml): the one name of each call, from screen to handler. */
export type OperationId = keyof operations;
