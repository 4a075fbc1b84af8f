import { Client } from 'pg';
import { ensureDatabase } from '@teamfolk/shared';
import { SCALE_DATA_SHAPE, seedScale, type ScaleSeedOptions, type ScaleSeedSummary } from '../seed-scale';

const BENCH_DATABASE = 'teamfolk_bench';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The scale data the benchmark runs on, in a database of its own. The seed's summary is kept in the
 * database's comment, so a second run with the same options reuses the data instead of seeding again.
 */
export async function prepareBenchDatabase(
  serverUrl: string,
  options: Omit<ScaleSeedOptions, 'databaseUrl'>,
  reseed: boolean,
  say: (line: string) => void,
): Promise<{ databaseUrl: string; summary: ScaleSeedSummary; seededNow: boolean }> {
  const databaseUrl = withDatabase(serverUrl, BENCH_DATABASE);
  // The data's shape is part of the key: data seeded by an older seed (before the ledger's history and
  // the teams) is seeded again.
  const wanted = JSON.stringify({ ...options, shape: SCALE_DATA_SHAPE });
  const kept = await withClient(withDatabase(serverUrl, 'postgres'), async (client) => {
    const { rows } = await client.query<{ comment: string | null }>(
      'SELECT shobj_description(oid, $2) AS comment FROM pg_database WHERE datname = $1',
      [BENCH_DATABASE, 'pg_database'],
    );
    if (!rows[0]?.comment) return null;
    const stored = JSON.parse(rows[0].comment) as { options: string; summary: ScaleSeedSummary };
    return stored.options === wanted ? stored.summary : null;
  });
  if (kept && !reseed) {
    say(`Reusing the scale data in ${BENCH_DATABASE} (--reseed to seed it again).`);
    return { databaseUrl, summary: kept, seededNow: false };
  }
  await withClient(withDatabase(serverUrl, 'postgres'), (client) =>
    client.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`),
  );
  await ensureDatabase(serverUrl, BENCH_DATABASE);
  const summary = await seedScale({ ...options, databaseUrl, onProgress: say });
  await withClient(databaseUrl, (client) =>
    client.query(
      `COMMENT ON DATABASE ${BENCH_DATABASE} IS ${client.escapeLiteral(JSON.stringify({ options: wanted, summary }))}`,
    ),
  );
  return { databaseUrl, summary, seededNow: true };
}
