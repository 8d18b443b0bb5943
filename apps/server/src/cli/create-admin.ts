// Creates (or resets the password of) the platform administrator: `npm run admin:create -- --username
// admin --password '…'`. Needed with TILTH_DEMO=0, where no account with a known password exists.

import path from 'node:path';
import { parseArgs } from 'node:util';
import { openAppDatabase } from '../app/server.js';
import { createTenant, createUser, PLATFORM_TENANT_NAME } from '../modules/demo/seed.helpers.js';
import { findUserByLogin, updateUser } from '../modules/identity/identity/identity.repository.js';
import { hashPassword } from '../platform/auth/password.js';
import { loadConfig } from '../platform/config.js';

const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    password: { type: 'string' },
    'real-name': { type: 'string', default: 'Platform administrator' },
  },
});
if (!values.username || !values.password || values.password.length < 8) {
  console.error('usage: npm run admin:create -- --username NAME --password PASSWORD (8 characters or more)');
  process.exit(2);
}
const config = loadConfig();
const database = await openAppDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'db'),
  poolMode: config.databasePoolMode,
  migrateUrl: config.databaseMigrateUrl,
});
try {
  await createTenant(database, PLATFORM_TENANT_NAME, { id: 0 });
  const existing = await findUserByLogin(database.db, values.username);
  if (existing) {
    await updateUser(database.db, existing.id, { passwordHash: await hashPassword(values.password) });
    console.log(`Password of ${values.username} reset.`);
  } else {
    await createUser(database, {
      loginName: values.username,
      password: values.password,
      realName: values['real-name'] ?? 'Platform administrator',
      platformAdmin: true,
      roles: [[0, 'tenant-admin']],
    });
    console.log(`Platform administrator ${values.username} created.`);
  }
} finally {
  await database.close();
}
