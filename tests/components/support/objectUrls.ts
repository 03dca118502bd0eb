import { vi } from 'vitest';

/** jsdom has no object URLs: stand-ins that hand out this URL and revoke nothing. */
export function stubObjectUrls(url: string): void {
  URL.createObjectURL = vi.fn(() => url);
  URL.revokeObjectURL = vi.fn();
}
