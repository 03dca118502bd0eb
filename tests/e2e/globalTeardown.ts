import fs from 'node:fs';

/** The browser tests' DATA_DIR holds a seeded store and ~45 MB of burn logs: remove it. */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('kiln-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}
