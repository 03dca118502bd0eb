/** Every react-admin resource of the console, registered in App.tsx as <Resource>. */
import { facilities } from '../facilities';
import { changes } from '../home';
import { archivedKilnLogs, kilnLogs } from '../kiln-logs';
import { kilns } from '../kilns';
import { users } from '../users';
import type { ResourceModule } from './resourceModule';

export const RESOURCE_MODULES: readonly ResourceModule[] = [kilns, facilities, kilnLogs, archivedKilnLogs, changes, users];
