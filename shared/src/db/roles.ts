import { QueryTypes, type Sequelize } from 'sequelize';

/** The role the API and the workers connect as: owns no table, cannot bypass row-level security. */
export const APP_ROLE = 'teamfolk_app';

/**
 * Tables with a company_id outside the generic company policy: the payment provider's own records
 * (its webhook log, and the local test mode's stand-in for Stripe), looked up by the provider's ids
 * before any company is known and holding no employee data, left to grants alone; and the security
 * log, which has policies of its own (append-only, see migration 0008).
 */
export const RLS_EXEMPT_TABLES = ['stripe_events', 'local_payment_objects', 'security_events'] as const;

/** Development only (production requires DATABASE_APP_URL): the password the derived role gets. */
const DEVELOPMENT_APP_PASSWORD = 'teamfolk-app-development';

/**
 * The connection string of the application role: DATABASE_APP_URL when set, else the owner's URL
 * with the application role's name and a development password.
 */
export function appDatabaseUrl(ownerUrl: string, appUrl?: string): string {
  if (appUrl) return appUrl;
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = DEVELOPMENT_APP_PASSWORD;
  return url.toString();
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Creates the application role when the owner may (CREATEROLE), with the password of `appUrl`; a
 * login user of another name is made a member of it. Managed databases where the owner cannot
 * create roles need the role made once by an operator (README, "Production").
 */
export async function ensureAppRole(owner: Sequelize, appUrl: string): Promise<void> {
  const url = new URL(appUrl);
  const login = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  const existing = await owner.query<{ rolname: string }>('SELECT rolname FROM pg_roles WHERE rolname IN (:names)', {
    replacements: { names: [APP_ROLE, login] },
    type: QueryTypes.SELECT,
  });
  const exists = (name: string) => existing.some((role) => role.rolname === name);
  const create = async (name: string, canLogin: boolean) => {
    const attributes = canLogin ? `LOGIN${password ? ` PASSWORD ${owner.escape(password)}` : ''}` : 'NOLOGIN';
    // Test files migrate their databases in parallel: whichever creates the role first wins.
    await owner.query(`
      DO $$ BEGIN
        CREATE ROLE ${quoteIdentifier(name)} ${attributes} NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END $$`);
  };
  if (!exists(APP_ROLE)) await create(APP_ROLE, login === APP_ROLE);
  if (login !== APP_ROLE) {
    if (!exists(login)) await create(login, true);
    await owner.query(`GRANT ${APP_ROLE} TO ${quoteIdentifier(login)}`);
  }
}

/** Refuses to run the application as a role that would make row-level security void. */
export async function assertRestrictedRole(sequelize: Sequelize): Promise<void> {
  const [role] = await sequelize.query<{ name: string; superuser: boolean; bypass: boolean; owns: boolean }>(
    `SELECT current_user AS name, rolsuper AS superuser, rolbypassrls AS bypass,
            EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND tableowner = current_user) AS owns
       FROM pg_roles WHERE rolname = current_user`,
    { type: QueryTypes.SELECT },
  );
  if (!role || role.superuser || role.bypass || role.owns) {
    throw new Error(
      `The application connects as ${role?.name ?? 'an unknown role'}, which owns tables or bypasses row-level security; ` +
        `connect as ${APP_ROLE} (DATABASE_APP_URL)`,
    );
  }
}
