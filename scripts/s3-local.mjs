// A local S3-compatible store for development and `npm run cluster`: s3rver on loopback, one bucket,
// objects kept in a directory. Prints `s3rver <url> bucket <name>` and then `ready`, and stays up until
// SIGINT/SIGTERM. Credentials are s3rver's fixed pair: S3_ACCESS_KEY_ID=S3RVER S3_SECRET_ACCESS_KEY=S3RVER.
//
//   node scripts/s3-local.mjs --port 19100 --dir /tmp/tilth-s3 --bucket tilth
//
// Port 0 picks a free port (the printed URL names it). --exit-with-stdin: exit when stdin closes.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4568' },
    address: { type: 'string', default: '127.0.0.1' },
    dir: { type: 'string' },
    bucket: { type: 'string', default: 'tilth' },
    // For a parent that spawns it with a stdin pipe (the test helper): its exit, however abrupt, ends us.
    'exit-with-stdin': { type: 'boolean', default: false },
  },
});
if (!values.dir) {
  console.error('usage: node scripts/s3-local.mjs --port P --dir D --bucket B');
  process.exit(2);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be 0..65535, got ${values.port}`);
  process.exit(2);
}
const dir = path.resolve(values.dir);
mkdirSync(dir, { recursive: true });

// s3rver is a dev dependency of the server workspace (CommonJS).
const S3rver = createRequire(path.resolve(import.meta.dirname, '../apps/server/package.json'))('s3rver');
const server = new S3rver({
  address: values.address,
  port,
  directory: dir,
  silent: true,
  configureBuckets: [{ name: values.bucket }],
});
const addr = await server.run();
console.log(`s3rver http://${values.address}:${addr.port} bucket ${values.bucket}`);
console.log('ready');

const stop = () => {
  server.close(() => process.exit(0));
  // A client holding a keep-alive socket must not keep us up.
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
if (values['exit-with-stdin']) {
  process.stdin.on('close', stop);
  process.stdin.resume();
}
