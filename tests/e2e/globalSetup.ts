import { buildConsoleIfNeeded } from '../../mock-server/consoleBuild';

/** The console is built once, before the workers start their servers: each would otherwise build dist/ at once. */
export default function globalSetup(): void {
  buildConsoleIfNeeded();
}
