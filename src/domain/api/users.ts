/**
 * Payloads of the user calls, named for the console and the API server; the
 * shapes come from mock-server/openapi.yaml through generated.ts.
 */
import type { paths } from './generated';

/** POST /api/user/{username}/update. */
export type PasswordChangeRequest = paths['/user/{username}/update']['post']['requestBody']['content']['application/json'];

/** POST /api/auth. */
export type LoginRequest = paths['/auth']['post']['requestBody']['content']['application/json'];
