import type { HashGate } from './auth/hashGate';
import type { TokenService } from './auth/tokens';
import type { Blobs } from './blobs/blobs';
import type { ServerConfig } from './config';
import type { UploadGate } from './files/multipartUpload';
import type { Methodology } from '../src/domain/api/methodologies';
import type { PdfChecker } from './files/pdfChecker';
import type { PackageSigner } from './signing/packageSigner';
import type { DataStore } from './store/dataStore';

/** What every route module gets: the configuration, the store, the file storage, the token service, the password-hash gate, the upload checks, the package signer and the methodologies' rulebooks. */
export interface AppContext {
  config: ServerConfig;
  /** the store interface (docs/store.md): the embedded store or PostgreSQL */
  data: DataStore;
  /** burn logs, photos, statements: a local folder or an S3 bucket */
  blobs: Blobs;
  tokens: TokenService;
  /** every scrypt call (login, own change, create, reset) goes through this one gate (docs/security.md, "Login flood") */
  hashes: HashGate;
  /** the multipart uploads received at once (config.uploads.concurrency) */
  uploads: UploadGate;
  /** statements' and evidence PDFs checked in a worker thread */
  pdfChecker: PdfChecker;
  /** signs every verification package's SHA256SUMS (docs/security.md, "Trust model") */
  signer: PackageSigner;
  /** every methodology version's rulebook, checked at start (mock-server/methodologies/), ordered by id then version */
  rulebooks: readonly Methodology[];
}
