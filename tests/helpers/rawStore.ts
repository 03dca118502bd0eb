import path from 'node:path';
import type { AppContext } from '../../mock-server/context';
import { EmbeddedStore } from '../../mock-server/store/embedded/embeddedStore';
import type { Collection, EmbeddedShape } from '../../mock-server/store/embedded/state';

export type RawState = EmbeddedShape;

/**
 * The embedded store's state under a server, for tests that look at records
 * directly or set up what no request can (an aged result, a log past its
 * retention). Changes take effect at once; `write()` puts them in db.json.
 */
export function rawStore(server: { ctx: Pick<AppContext, 'data'> }) {
  const { data } = server.ctx;
  if (!(data instanceof EmbeddedStore)) throw new Error('Only the embedded store has a raw state to look at.');
  const raw = data.rawState;
  return {
    get data(): RawState {
      return raw.state;
    },
    /** the one write of db.json every change goes through */
    db: raw.db,
    write: () => raw.db.write(),
    filesDir: path.join(data.dataDir, 'files'),
    nextId: (collection: Collection) => raw.ids.next(collection),
  };
}
