import { Client } from 'pg';
import type { IdCursor } from './companies';
import { SeedScaleInputError } from './company-sizes';

/** Tables whose ids the seed hands out itself, locked against other writers while it reserves them. */
const TABLES_WITH_IDS = {
  company: 'companies',
  user: 'users',
  employee: 'employees',
  invitation: 'invitations',
  verificationToken: 'email_verification_tokens',
  team: 'teams',
  timeCredit: 'time_credits',
  leave: 'leave_requests',
} as const;

export type IdsToReserve = IdCursor & { leave: number };

export async function connect(databaseUrl: string): Promise<Client> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

/**
 * The owner writes rows of every company at once, outside any company context. Row-level security
 * is forced on the tenant tables, so that works for a superuser (or BYPASSRLS role) and for the role
 * that ran the migrations, which they gave a policy of its own (`schema_owner`, migration 0008);
 * any other role would see every insert refused, so it is stopped here with the reason.
 */
export async function assertOwnerWritesEveryCompany(client: Client): Promise<void> {
  const { rows } = await client.query<{ allowed: boolean }>(`
    SELECT r.rolsuper OR r.rolbypassrls OR EXISTS (
             SELECT 1 FROM pg_policies p, unnest(p.roles) AS role
              WHERE p.schemaname = 'public' AND p.tablename = 'companies' AND p.policyname = 'schema_owner'
                AND pg_has_role(current_user, role, 'MEMBER')) AS allowed
      FROM pg_roles r WHERE r.rolname = current_user`);
  if (!rows[0]?.allowed) {
    throw new SeedScaleInputError(
      'the seed writes as the schema owner: connect with the role that ran the migrations (DATABASE_URL), ' +
        'a superuser or a role with BYPASSRLS; row-level security refuses any other',
    );
  }
}

/**
 * Foreign keys are checked by a trigger per row and key: four fifths of the insert time of a leave
 * request (five keys). A superuser can switch those triggers off for the transaction, as
 * `pg_restore --disable-triggers` does; `checkForeignKeys` then proves every key with one query per
 * key. Other roles keep the per-row checks (slower, equally safe). Unique, not-null and check
 * constraints are enforced either way. Returns whether the checks were deferred.
 */
export async function deferForeignKeyChecks(client: Client): Promise<boolean> {
  const { rows } = await client.query<{ superuser: boolean }>(
    'SELECT rolsuper AS superuser FROM pg_roles WHERE rolname = current_user',
  );
  if (!rows[0]?.superuser) return false;
  await client.query('SET LOCAL session_replication_role = replica');
  return true;
}

/**
 * Every foreign key of the schema (or of one table), checked over whole tables: throws on a
 * reference to a row that does not exist.
 */
export async function checkForeignKeys(client: Client, table?: string): Promise<void> {
  const { rows: keys } = await client.query<{ name: string; probe: string }>(
    `SELECT k.conname AS name,
            format('SELECT EXISTS (SELECT 1 FROM %s c WHERE %s AND NOT EXISTS (SELECT 1 FROM %s p WHERE %s))',
                   k.conrelid::regclass,
                   string_agg(format('c.%I IS NOT NULL', child.attname), ' AND '),
                   k.confrelid::regclass,
                   string_agg(format('p.%I = c.%I', parent.attname, child.attname), ' AND ')) AS probe
       FROM pg_constraint k
       CROSS JOIN LATERAL unnest(k.conkey, k.confkey) AS pair(child_column, parent_column)
       JOIN pg_attribute child ON child.attrelid = k.conrelid AND child.attnum = pair.child_column
       JOIN pg_attribute parent ON parent.attrelid = k.confrelid AND parent.attnum = pair.parent_column
      WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace
        AND ($1::regclass IS NULL OR k.conrelid = $1::regclass)
      GROUP BY k.oid, k.conname, k.conrelid, k.confrelid`,
    [table ?? null],
  );
  for (const key of keys) {
    const { rows } = await client.query<{ exists: boolean }>(key.probe);
    if (rows[0]?.exists) throw new Error(`seeded rows break the foreign key ${key.name}`);
  }
}

/** Locks the tables the seed gives ids to until its transaction ends (readers carry on) and takes the next id of each. */
export async function reserveIds(client: Client): Promise<IdsToReserve> {
  await client.query(`LOCK TABLE ${Object.values(TABLES_WITH_IDS).join(', ')} IN EXCLUSIVE MODE`);
  const next = async (table: string) => {
    const { rows } = await client.query<{ id: string }>(`SELECT nextval(pg_get_serial_sequence($1, 'id')) AS id`, [
      table,
    ]);
    return Number(rows[0]?.id);
  };
  return {
    company: await next(TABLES_WITH_IDS.company),
    user: await next(TABLES_WITH_IDS.user),
    employee: await next(TABLES_WITH_IDS.employee),
    invitation: await next(TABLES_WITH_IDS.invitation),
    verificationToken: await next(TABLES_WITH_IDS.verificationToken),
    team: await next(TABLES_WITH_IDS.team),
    timeCredit: await next(TABLES_WITH_IDS.timeCredit),
    leave: await next(TABLES_WITH_IDS.leave),
  };
}

/**
 * Moves each sequence past the ids the seed uses (`next` holds the first id after them), so the
 * product's next insert follows them, also while the seed is still writing.
 */
export async function advanceSequences(client: Client, next: IdsToReserve): Promise<void> {
  for (const [key, table] of Object.entries(TABLES_WITH_IDS)) {
    const lastUsed = next[key as keyof typeof TABLES_WITH_IDS] - 1;
    await client.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), GREATEST($2::bigint, 1))`, [table, lastUsed]);
  }
}

/** Removes what a failed run wrote after its first commit: every table below a company cascades. */
export async function eraseCompanies(databaseUrl: string, firstId: number, nextId: number): Promise<void> {
  const client = await connect(databaseUrl);
  try {
    await client.query('DELETE FROM companies WHERE id >= $1 AND id < $2', [firstId, nextId]);
  } finally {
    await client.end();
  }
}

/** Fresh statistics for the planner, and the visibility map set, as autovacuum would leave them. */
export async function vacuumAnalyse(databaseUrl: string): Promise<void> {
  const client = await connect(databaseUrl);
  try {
    await client.query('VACUUM (ANALYZE)');
  } finally {
    await client.end();
  }
}
