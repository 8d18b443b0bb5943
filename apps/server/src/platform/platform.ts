import type { KeyRing } from './auth/keys.js';
import type { SessionStore } from './auth/session-store.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { FileStorage } from './files/storage.js';
import type { IotRuntime } from './iot/iot.js';
import type { SmsProvider } from './sms/sms.provider.js';

/**
 * The shared parts every module is built with; modules take what they need from it at registration. Only
 * generic things: what a module owns (the weather provider, say) is built by that module or the app.
 */
export interface Platform {
  config: Config;
  database: Database;
  keys: KeyRing;
  storage: FileStorage;
  sms: SmsProvider;
  /** Sessions, memberships and permission codes for authentication (the identity context's). */
  sessions: SessionStore;
  /** Broker link, ingest hooks, live device events, commands (ARCHITECTURE §6). */
  iot: IotRuntime;
}
