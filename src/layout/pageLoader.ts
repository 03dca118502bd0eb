import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

/** A screen's dynamic import. */
export type PageImport = () => Promise<PageModule>;

/** A screen's code, fetched once however often it is asked for; `loaded` holds the page once it has arrived. */
export interface PageLoader {
  (): Promise<PageModule>;
  loaded?: ComponentType;
}

export function pageLoader(importPage: PageImport): PageLoader {
  let pending: Promise<PageModule> | undefined;
  const load: PageLoader = () =>
    (pending ??= importPage().then(
      (module) => {
        load.loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // a chunk that failed to arrive may be asked for again (the error page's retry, the menu)
        pending = undefined;
        throw error;
      },
    ));
  return load;
}
