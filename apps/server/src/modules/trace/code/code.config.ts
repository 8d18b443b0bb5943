import type { Config } from '../../../platform/config.js';

// Where printed codes point: TILTH_TRACE_HOST (host[:port], https; or http://host[:port] for an install
// without TLS). Default: this server on localhost, which only a phone on the same machine can reach.
export const traceHost = (config: Pick<Config, 'port'>): string =>
  process.env.TILTH_TRACE_HOST?.trim() || `http://localhost:${config.port}`;
