import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe } from 'vitest';
import { EmbeddedStore } from '../../mock-server/store/embedded/embeddedStore';
import { storeContract } from './contract';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('embedded store (lowdb over db.json)', () => {
  storeContract({
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-store-'));
      dirs.push(dir);
      return new EmbeddedStore(dir);
    },
  });
});
