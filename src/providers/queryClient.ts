import { QueryClient } from '@tanstack/react-query';
import { HttpError } from 'react-admin';

const MAX_RETRIES = 2;

/**
 * react-query retries a failed query three times with back-off by default, so a
 * 403 or 404 would show 'Loading...' for seconds. Client errors are answers:
 * show them at once; retry only network and server failures.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export const createQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
