import { readFile } from 'node:fs/promises';
import { verifyPackage } from '../auditPackage/verify';

/**
 * npm run verify -- PACKAGE.zip: checks an audit's verification package
 * offline (mock-server/auditPackage/verify.ts). Exit 0 verified, 1 a
 * difference (named), 2 an algorithm version this code does not run (64:
 * called wrongly).
 */
async function main(): Promise<number> {
  const paths = process.argv.slice(2).filter((a) => a !== '--');
  if (paths.length !== 1) {
    console.error('Usage: npm run verify -- PACKAGE.zip');
    return 64;
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(paths[0]);
  } catch (error) {
    console.log(`DIFFERENT: ${paths[0]}: cannot be read (${(error as Error).message})`);
    return 1;
  }
  const { code, lines } = await verifyPackage(bytes);
  for (const line of lines) console.log(line);
  return code;
}

process.exitCode = await main();
