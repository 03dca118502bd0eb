import fs from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { PRIVATE_FILE_MODE } from '../../blobs/privateFiles';
import { sortKeys, usingKey, type SigningKeyRecord, type SigningKeyStore } from '../signingKeys';

/** DATA_DIR/signing-keys.json: beside db.json, not in it, so the seed's whole-state replace keeps it. */
export const SIGNING_KEYS_FILE = 'signing-keys.json';

export function embeddedSigningKeys(dataDir: string): SigningKeyStore {
  const file = path.join(dataDir, SIGNING_KEYS_FILE);
  const read = (): SigningKeyRecord[] => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as SigningKeyRecord[]) : []);
  return {
    async use(key, now) {
      writeFileAtomic.sync(file, `${JSON.stringify(usingKey(read(), key, now), null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
    },
    async list() {
      return sortKeys(read());
    },
  };
}
