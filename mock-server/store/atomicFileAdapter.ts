import FileSync from 'lowdb/adapters/FileSync';
import writeFileAtomic from 'write-file-atomic';
import { PRIVATE_FILE_MODE } from '../blobs/privateFiles';

/**
 * lowdb's FileSync rewrites db.json in place, so a crash mid-write leaves a
 * truncated file. This adapter writes a temporary file, fsyncs it and renames
 * it over the old one, so the store is always either the old or the new state.
 * The file is readable by the server's user only: it holds password hashes.
 */
export class AtomicFileAdapter<S> extends FileSync<S> {
  override write(state: S): void {
    writeFileAtomic.sync(this.source, this.serialize(state), { fsync: true, mode: PRIVATE_FILE_MODE });
  }
}
