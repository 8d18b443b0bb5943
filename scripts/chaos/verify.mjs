// The verifier of the chaos run: reads what the database holds (as its owner, past row-level security)
// and compares it with the ledgers — every reading the broker acknowledged to a device and every write
// that got a 2xx must be stored. Answers acked / stored / lost per kind, with a few lost keys to look at.
import pg from 'pg';

/**
 * @param {string} superUrl
 * @param {{ tenantId: number, readings: Map<number, number[]>, writes: { id: number }[] }} ledger
 */
export const verify = async (superUrl, ledger) => {
  const client = new pg.Client({ connectionString: superUrl });
  await client.connect();
  try {
    const rows = await client.query(
      'select device_id::int as d, seq::bigint as s from telemetry where tenant_id = $1',
      [ledger.tenantId],
    );
    const stored = new Set(rows.rows.map((r) => `${r.d}:${r.s}`));
    let acked = 0;
    const lostReadings = [];
    for (const [deviceId, seqs] of ledger.readings) {
      for (const seq of seqs) {
        acked++;
        if (!stored.has(`${deviceId}:${seq}`)) lostReadings.push(`${deviceId}:${seq}`);
      }
    }
    const ids = ledger.writes.map((w) => w.id);
    const found = await client.query(
      'select id::bigint as id from farm_logs where tenant_id = $1 and id = any($2::bigint[])',
      [ledger.tenantId, ids],
    );
    const have = new Set(found.rows.map((r) => Number(r.id)));
    const lostWrites = ids.filter((id) => !have.has(id));
    return {
      readings: {
        acked,
        stored: acked - lostReadings.length,
        lost: lostReadings.length,
        sample: lostReadings.slice(0, 5),
      },
      writes: {
        acked: ids.length,
        stored: ids.length - lostWrites.length,
        lost: lostWrites.length,
        sample: lostWrites.slice(0, 5),
      },
    };
  } finally {
    await client.end();
  }
};

/** Readings stored for the tenant (to wait until a backlog has drained). */
export const storedReadings = async (superUrl, tenantId) => {
  const client = new pg.Client({ connectionString: superUrl });
  await client.connect();
  try {
    const r = await client.query('select count(*)::int as n from telemetry where tenant_id = $1', [tenantId]);
    return r.rows[0].n;
  } finally {
    await client.end();
  }
};
