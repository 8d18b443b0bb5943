// The verifier of the chaos run: reads what the database holds (as its owner, past row-level security)
// and compares it with the ledgers — every reading the broker acknowledged to a device and every write
// that got a 2xx must be stored. Answers what is missing, with when it was acknowledged.
import pg from 'pg';

const query = async (superUrl, text, params) => {
  const client = new pg.Client({ connectionString: superUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
};

/**
 * @param {string} superUrl
 * @param {{ tenantId: number, readings: { deviceId: number, seq: number, at: number }[],
 *   writes: { id: number, at: number }[] }} ledger
 */
export const verify = async (superUrl, ledger) => {
  const rows = await query(
    superUrl,
    'select device_id::int as d, seq::bigint as s from telemetry where tenant_id = $1',
    [ledger.tenantId],
  );
  const stored = new Set(rows.map((r) => `${r.d}:${r.s}`));
  const found = await query(
    superUrl,
    'select id::bigint as id from farm_logs where tenant_id = $1 and id = any($2::bigint[])',
    [ledger.tenantId, ledger.writes.map((w) => w.id)],
  );
  const have = new Set(found.map((r) => Number(r.id)));
  return {
    lostReadings: ledger.readings.filter((r) => !stored.has(`${r.deviceId}:${r.seq}`)),
    lostWrites: ledger.writes.filter((w) => !have.has(w.id)),
  };
};

/** Readings stored for the tenant, and the newest reading time (to wait for a backlog, to see flow). */
export const storedReadings = async (superUrl, tenantId) => {
  const r = await query(
    superUrl,
    'select count(*)::int as n, coalesce(extract(epoch from max(ts)) * 1000, 0)::float8 as newest from telemetry where tenant_id = $1',
    [tenantId],
  );
  return { n: r[0].n, newest: Number(r[0].newest) };
};
