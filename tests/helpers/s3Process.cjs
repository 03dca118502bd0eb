'use strict';
/**
 * The test bucket's S3 server (s3rver) as its own process, run by
 * tests/helpers/s3.ts with Node's --openssl-legacy-provider: s3rver's
 * continuation token is DES-encrypted, which OpenSSL 3 offers only there, so
 * without it every listing of more than 1,000 objects answers 500.
 * A delete waits for the writes under way and writes wait for a delete:
 * s3rver removes a folder a delete left empty while a write into it may be
 * between creating the folder and opening its file, which crashed the whole
 * server (ENOENT, unhandled). Writes still run together, deletes one at a time.
 * Prints {"port": N} once listening; stops on SIGTERM or when stdin closes.
 */
const S3rver = require('s3rver');

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });

let writing = 0;
let deleting = false;
const waiting = [];
const wake = () => waiting.splice(0).forEach((resolve) => resolve());
async function guarded(exclusive, fn, self, args) {
  while (deleting || (exclusive && writing > 0)) await new Promise((resolve) => waiting.push(resolve));
  if (exclusive) deleting = true;
  else writing++;
  try {
    return await fn.apply(self, args);
  } finally {
    if (exclusive) deleting = false;
    else writing--;
    wake();
  }
}
for (const method of ['putObject', 'copyObject', 'putObjectMultipart', 'deleteObject']) {
  const fn = server.store[method];
  const exclusive = method === 'deleteObject';
  server.store[method] = function (...args) {
    return guarded(exclusive, fn, this, args);
  };
}

// {"plant": [keys], "body": text} on stdin: those objects written straight into the store (no HTTP), then {"planted": n}
let input = '';
process.stdin.on('data', (chunk) => {
  input += chunk.toString();
  for (let end = input.indexOf('\n'); end >= 0; end = input.indexOf('\n')) {
    const { plant, body } = JSON.parse(input.slice(0, end));
    input = input.slice(end + 1);
    const content = Buffer.from(body);
    Promise.all(
      plant.map((key) => server.store.putObject({ bucket, key, metadata: { 'content-type': 'application/octet-stream' }, content })),
    ).then(
      () => process.stdout.write(`${JSON.stringify({ planted: plant.length })}\n`),
      (err) => process.stdout.write(`${JSON.stringify({ error: String(err) })}\n`),
    );
  }
});

server.run().then(
  ({ port }) => process.stdout.write(`${JSON.stringify({ port })}\n`),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
const stop = () => server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
