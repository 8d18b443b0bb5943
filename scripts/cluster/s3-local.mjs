// A minimal S3-compatible store for the cluster when scripts/s3-local.mjs (the S3 driver's runner) is absent:
// `node scripts/cluster/s3-local.mjs --port P --dir D --bucket B` prints `ready` and stays up.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const S3rver = require('s3rver');

const { values } = parseArgs({
  options: { port: { type: 'string' }, dir: { type: 'string' }, bucket: { type: 'string' } },
});
if (!values.port || !values.dir || !values.bucket) {
  console.error('usage: s3-local.mjs --port P --dir D --bucket B');
  process.exit(2);
}
mkdirSync(values.dir, { recursive: true });
const server = new S3rver({
  port: Number(values.port),
  address: '127.0.0.1',
  directory: values.dir,
  silent: true,
  configureBuckets: [{ name: values.bucket }],
});
await server.run();
console.log('ready');
const stop = () => server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
