/// <reference types="vitest/config" />
import { defineConfig } from 'vite';

/**
 * The unit project alone, over the burn analysis's tests, for `npm run mutation`
 * (Stryker). KILN_MUTATION trims the property tests to a few seeds per kind:
 * a mutant needs to be killed once, not measured over fifty burns.
 */
export default defineConfig({
  test: {
    globals: true,
    environment: 'node',
    include: ['tests/unit/analysis/**/*.test.ts'],
    // the second implementation seeds the whole demo (about a minute) before its first test
    exclude: ['tests/unit/analysis/plainMethod.test.ts'],
    env: { KILN_MUTATION: '1' },
  },
});
