import type { TokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import type { Store } from './store/store';

/** What every route module gets: the configuration, the store and the token service. */
export interface AppContext {
  config: ServerConfig;
  store: Store;
  tokens: TokenService;
}
