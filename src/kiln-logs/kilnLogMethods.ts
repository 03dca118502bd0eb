/** @deprecated kept while src/kiln-logs/ChartOnHover.tsx imports it; use RESOURCES from domain/operations. */
import { RESOURCES } from '../domain/operations';

export const KILN_LOGS = RESOURCES.kilnLogs;
