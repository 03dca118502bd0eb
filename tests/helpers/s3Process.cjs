'use strict';
/**
 * The test bucket's S3 server (s3rver) as its own process, run by
 * tests/helpers/s3.ts with Node's --openssl-legacy-provider: s3rver's
 * continuation token is DES-encrypted, which OpenSSL 3 offers only there, so
 * without it every listing of more than 1,000 objects answers 500.
 * Writes and deletes are taken one at a time: s3rver removes a folder a
 * delete left empty while a write into it may be between creating the folder
 * and opening its file, which crashed the whole server (ENOENT, unhandled).
 * Prints {"port": N} once listening; stops on SIGTERM.
 */
const S3rver = require('s3rver');

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });

let queue = Promise.resolve();
const oneAtATime = (fn) =>
  function (...args) {
    const run = queue.then(() => fn.apply(this, args));
    queue = run.catch(() => undefined);
    return run;
  };
for (const method of ['putObject', 'copyObject', 'deleteObject', 'putObjectMultipart']) {
  server.store[method] = oneAtATime(server.store[method]);
}

server.run().then(
  ({ port }) => process.stdout.write(`${JSON.stringify({ port })}\n`),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
