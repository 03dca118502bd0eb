/** the login throttles' shared state (migration 2026-11-25-0002); ms since the epoch on the database's clock */
export interface LoginFailuresTable {
  client: string;
  name: string;
  failures: number;
  last_failure_ms: number;
  blocked_until_ms: number;
  expires_ms: number;
}

export interface LoginClientFailuresTable {
  client: string;
  hits: number;
  reset_ms: number;
}
