/** Every react-admin resource of the console, registered in App.tsx as <Resource>: the resource modules of the navigation table. */
import { SCREEN_MODULES } from './navigation';
import type { ResourceModule } from './resourceModule';

export const RESOURCE_MODULES: readonly ResourceModule[] = SCREEN_MODULES.filter(
  (module): module is ResourceModule => module.name !== undefined,
);
