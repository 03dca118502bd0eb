/**
 * Payloads of the user calls, named for the console and the API server; the
 * shapes come from mock-server/openapi.yaml through generated.ts.
 */
import type { components, paths } from './generated';

/** POST /api/user/{username}/update. */
export type PasswordChangeRequest = paths['/user/{username}/update']['post']['requestBody']['content']['application/json'];

/** POST /api/auth. */
export type LoginRequest = paths['/auth']['post']['requestBody']['content']['application/json'];

type Schemas = components['schemas'];

/** A user as GET /api/users lists it (never a hash). */
export type User = Schemas['User'];
/** POST /api/users. */
export type UserCreateRequest = Schemas['UserCreateRequest'];
/** PUT /api/users/{id}. */
export type UserUpdateRequest = Schemas['UserUpdateRequest'];
/** One entry of GET /api/users/{id}/changes. */
export type UserChange = Schemas['UserChange'];
/** A facility a facility admin may be given (GET /api/users/facilities). */
export type UserFacilityOption = Schemas['UserFacilityOption'];
