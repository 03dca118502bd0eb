// Minimal typings for json-server 0.17 and lowdb 1, which ship none.
declare module 'lowdb' {
  interface LowdbSync<S> {
    getState(): S;
    setState(state: S): LowdbSync<S>;
    read(): LowdbSync<S>;
    write<T>(returnValue?: T): T;
  }
  interface AdapterSync<S> {
    read(): S;
    write(state: S): void;
  }
  function low<S>(adapter: AdapterSync<S>): LowdbSync<S>;
  export type { LowdbSync, AdapterSync };
  export default low;
}

declare module 'lowdb/adapters/FileSync' {
  interface FileSyncOptions<S> {
    defaultValue?: S;
    serialize?: (state: S) => string;
    deserialize?: (text: string) => S;
  }
  class FileSync<S> {
    constructor(source: string, options?: FileSyncOptions<S>);
    source: string;
    defaultValue: S;
    serialize: (state: S) => string;
    deserialize: (text: string) => S;
    read(): S;
    write(state: S): void;
  }
  export default FileSync;
}

declare module 'json-server' {
  import type { Router } from 'express';
  import type { LowdbSync } from 'lowdb';
  interface JsonServerRouter<S> extends Router {
    db: LowdbSync<S>;
  }
  export function router<S>(db: LowdbSync<S> | string | object): JsonServerRouter<S>;
  const jsonServer: { router: typeof router };
  export default jsonServer;
}
