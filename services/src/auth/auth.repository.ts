/**
 * The only code of the auth domain that touches the database. One choice: Sequelize models, a row at
 * a time, in Sequelize transactions (an invitation is written in the employees service's). The two
 * reads of a session share one column list and are SQL: the session check before every signed-in
 * request is a prepared statement on a pooled pg connection, past Sequelize, shared under load by the
 * checks of one company (the measured fast path: bench/README.md, "The session check" and "Session
 * checks of one turn"), and the session user of a new session is the same joins.
 * The e-mail preference (issue 30) is SQL too: the User model does not carry it.
 */
import { Op, QueryTypes, UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize';
import {
  authTexts,
  changeTrailClauses,
  Company,
  companyOf,
  currentCompanyId,
  EmailVerificationToken,
  Employee,
  Invitation,
  reserveCompanyId,
  TwoFactorRecoveryCode,
  User,
  UserTwoFactor,
  withTenantConnection,
  type AuditActor,
  type CompanyKey,
  type ApprovedTeam,
  type DecisionEmailPreference,
  type Role,
  type SubscriptionTimes,
} from '@teamfolk/shared';
import { HttpError } from '../http/errors';
import { assignLeaveToSignIn } from '../leaves/leaves.repository';
import type { SessionUserRow } from './session-user';

/**
 * The teams the user approves for (issue 30), by name: a right on top of the role, read with the
 * session so every route's permission can ask it. Two index lookups (employees.user_id, team_approvers'
 * employee index) and the teams' primary keys.
 */
const APPROVES_TEAMS_COLUMN = `(SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name)
                                                   ORDER BY lower(t.name), t.id), '[]')
                                  FROM employees ae
                                  JOIN team_approvers ta ON ta.employee_id = ae.id
                                  JOIN teams t ON t.id = ta.team_id
                                 WHERE ae.user_id = u.id AND ae.deleted_at IS NULL) AS approves_teams`;

/** The columns of the session user's profile, read from `users u` with {@link SESSION_USER_JOINS}. */
const SESSION_USER_COLUMNS = `${APPROVES_TEAMS_COLUMN}, u.name, u.email, u.email_verified_at IS NOT NULL AS email_verified,
            c.name AS company_name, e.id AS employee_id, e.name AS employee_name,
            e.vacation_days_total, e.vacation_days_used, e.sick_days_total, e.sick_days_used,
            e.bank_hours_total, e.bank_hours_used,
            e.id IS NOT NULL AND (e.balance_figures_valid_until IS NULL
              OR e.balance_figures_valid_until < (now() AT TIME ZONE c.time_zone)::date) AS figures_stale`;

const SESSION_USER_JOINS = `JOIN companies c ON c.id = u.company_id
       LEFT JOIN employees e ON e.user_id = u.id AND e.company_id = u.company_id AND e.deleted_at IS NULL`;

/** The company's data version (migration 0019), for KeptReplies. */
const DATA_VERSION_COLUMN = `(SELECT string_agg(v.slot || ':' || v.version, ' ' ORDER BY v.slot)
                                FROM company_versions v WHERE v.company_id = u.company_id) AS data_version`;

/** What the session check reads of the caller, before every signed-in request. */
export interface SessionCheck {
  id: number;
  companyId: number;
  role: Role;
  tokenVersion: number;
  disabledAt: Date | null;
  emailVerifiedAt: Date | null;
  subscription: SubscriptionTimes | null;
  /**
   * The company's data version: its slots' values, '' while none of its leave or people has changed.
   * Not read with the profile: /auth/me keeps no reply.
   */
  dataVersion: string | undefined;
  /** The session user's profile (GET /api/auth/me), when asked for. */
  profile: SessionUserRow | null;
  /** The teams the user approves for. */
  approvesTeams: ApprovedTeam[];
}

/** The session row as Postgres writes it (JSON): timestamps as ISO text, numerics as numbers. */
type SessionJson = Partial<SessionUserRow> & {
  id: number;
  company_id: number;
  role: Role;
  token_version: number;
  disabled_at: string | null;
  email_verified_at: string | null;
  status: SubscriptionTimes['status'] | null;
  current_period_end: string | null;
  ended_at: string | null;
  updated_at: string | null;
  data_version: string | null;
  approves_teams: ApprovedTeam[];
};

const dateOf = (value: string | null): Date | null => (value === null ? null : new Date(value));

/**
 * The session check statement for one id or several, with or without the profile.
 * One id (a lone request, or one user's burst) has its own statement, whose generic plan Postgres
 * keeps; over unnest($1) the generic plan looks ten times dearer than a custom one, so a statement of
 * several ids is planned on each run, once for all of them. OFFSET 0 keeps each id's lookup by primary
 * key: as a join, or with u.id = ANY($1), a plan scans the company's users (row-level security's
 * index), 1 ms a check in a company of 2,000.
 */
function sessionCheckStatement(oneUser: boolean, withProfile: boolean): { name: string; text: string } {
  return {
    name: `session-${oneUser ? 'user' : 'users'}${withProfile ? '-with-profile' : ''}`,
    text: `SELECT row_to_json(session)::text AS session
             FROM ${oneUser ? '(SELECT $1::integer AS id)' : 'unnest($1::integer[])'} AS asked(id),
                  LATERAL (SELECT u.id, u.company_id, u.role, u.token_version, u.disabled_at, u.email_verified_at,
                                  s.status, s.current_period_end, s.ended_at, s.updated_at,
                                  ${withProfile ? SESSION_USER_COLUMNS : `${DATA_VERSION_COLUMN}, ${APPROVES_TEAMS_COLUMN}`}
                             FROM users u LEFT JOIN subscriptions s ON s.company_id = u.company_id
                             ${withProfile ? SESSION_USER_JOINS : ''}
                            WHERE u.id = asked.id OFFSET 0) session`,
  };
}

/** The four statements, made once: [several ids, one id] × [without, with the profile]. */
const SESSION_CHECK_STATEMENTS = [false, true].map((oneUser) =>
  [false, true].map((withProfile) => sessionCheckStatement(oneUser, withProfile)),
);

/**
 * The callers, their company's subscription and its data version (for KeptReplies) in one query, as
 * the current company: it runs before every signed-in request, so on the models' connection (no
 * service exists yet). With `withProfile` the same query reads the session user's profile instead of
 * the version, so /auth/me costs one round trip.
 * Each row comes back as one JSON text: node-postgres spends about half a microsecond per column of a
 * result setting up its parsers, and parses each timestamp on its own, where one JSON.parse reads the
 * whole row (24 columns with the profile): node-postgres's share of /auth/me went from 35 to 13.5 µs of
 * CPU a request (CPU profiles under the same load).
 */
async function readSessionChecks(userIds: number[], withProfile: boolean): Promise<Map<number, SessionCheck>> {
  const oneUser = userIds.length === 1;
  const statement = SESSION_CHECK_STATEMENTS[Number(oneUser)]![Number(withProfile)]!;
  const rows = await withTenantConnection(User.sequelize!, async (connection) => {
    const { rows: found } = await connection.query<{ session: string }>({
      ...statement,
      values: [oneUser ? userIds[0] : userIds],
    });
    return found;
  });
  return new Map(
    rows.map(({ session }) => {
      const row = JSON.parse(session) as SessionJson;
      const check: SessionCheck = {
        id: row.id,
        companyId: row.company_id,
        role: row.role,
        tokenVersion: row.token_version,
        disabledAt: dateOf(row.disabled_at),
        emailVerifiedAt: dateOf(row.email_verified_at),
        subscription: row.status
          ? {
              status: row.status,
              currentPeriodEnd: dateOf(row.current_period_end),
              endedAt: dateOf(row.ended_at),
              updatedAt: dateOf(row.updated_at),
            }
          : null,
        dataVersion: withProfile ? undefined : (row.data_version ?? ''),
        profile: withProfile ? (row as SessionUserRow) : null,
        approvesTeams: row.approves_teams,
      };
      return [check.id, check];
    }),
  );
}

/** Session checks asked for in the current turn, per company and kind, not sent yet. */
interface SessionCheckBatch {
  userIds: Set<number>;
  waiting: Array<{ userId: number; resolve: (check: SessionCheck | null) => void; reject: (error: unknown) => void }>;
}

const sessionCheckBatches = new Map<string, SessionCheckBatch>();
/** Per company and kind, how many session check queries are sent and not answered yet. */
const sessionChecksInFlight = new Map<string, number>();

function sendSessionChecks(key: string, batch: SessionCheckBatch, withProfile: boolean): void {
  sessionChecksInFlight.set(key, (sessionChecksInFlight.get(key) ?? 0) + 1);
  readSessionChecks([...batch.userIds], withProfile)
    .then(
      (checks) => batch.waiting.forEach((waiter) => waiter.resolve(checks.get(waiter.userId) ?? null)),
      (error: unknown) => batch.waiting.forEach((waiter) => waiter.reject(error)),
    )
    .finally(() => {
      const left = sessionChecksInFlight.get(key)! - 1;
      if (left === 0) sessionChecksInFlight.delete(key);
      else sessionChecksInFlight.set(key, left);
    });
}

/**
 * The session check of one caller (null: no such user). A check goes out at once unless one of the
 * same company is on its way; then it waits for the checks of that company asked for in the same turn
 * of the event loop, and they share one query, sent in the next turn's check phase. Under load one
 * round trip answers many requests instead of one each; alone, a request waits for nothing. Every
 * waiter's rows are read after its request arrived, so none sees an older state. The answers are
 * shared between the requests of one user and are never changed.
 * Measured: bench/README.md#what-the-figures-rest-on
 */
export function readSessionCheck(userId: number, withProfile: boolean): Promise<SessionCheck | null> {
  const key = `${currentCompanyId() ?? ''}:${withProfile}`;
  return new Promise((resolve, reject) => {
    const waiter = { userId, resolve, reject };
    const open = sessionCheckBatches.get(key);
    if (open) {
      open.userIds.add(userId);
      open.waiting.push(waiter);
      return;
    }
    const batch: SessionCheckBatch = { userIds: new Set([userId]), waiting: [waiter] };
    if (!sessionChecksInFlight.has(key)) {
      sendSessionChecks(key, batch, withProfile);
      return;
    }
    sessionCheckBatches.set(key, batch);
    // Runs in the context of the batch's first caller: the same company as every other.
    setImmediate(() => {
      sessionCheckBatches.delete(key);
      sendSessionChecks(key, batch, withProfile);
    });
  });
}

type NewInvitation = Pick<Invitation, 'companyId' | 'employeeId' | 'email' | 'name' | 'tokenHash' | 'expiresAt'>;

/**
 * The invitation of a person is written in its caller's transaction (the employees service's, a
 * test's), which holds no repository of ours: these two take only the transaction.
 */
export async function revokeOpenInvitations(employeeId: number, at: Date, transaction: Transaction): Promise<void> {
  await Invitation.update({ revokedAt: at }, { where: { employeeId, acceptedAt: null, revokedAt: null }, transaction });
}

export function insertInvitation(invitation: NewInvitation, transaction: Transaction): Promise<Invitation> {
  return Invitation.create(invitation, { transaction });
}

type NewCompany = Pick<Company, 'id' | 'name'> & Partial<Pick<Company, 'timeZone' | 'country'>>;
type NewUser = Pick<User, 'companyId' | 'email' | 'passwordHash' | 'role' | 'name' | 'emailVerifiedAt'>;
type UserChanges = Partial<
  Pick<User, 'passwordHash' | 'role' | 'name' | 'emailVerifiedAt' | 'tokenVersion' | 'disabledAt' | 'lastLoginAt'>
>;
type NewTwoFactor = Pick<UserTwoFactor, 'userId' | 'companyId' | 'secretCiphertext' | 'enabledAt' | 'lastUsedStep'>;
type TwoFactorChanges = Partial<
  Pick<UserTwoFactor, 'secretCiphertext' | 'enabledAt' | 'lastUsedStep' | 'failedAttempts' | 'failedAttemptsSince'>
>;

/** The pieces of a session user of section 3: the profile, and the company's subscription. */
export interface SessionUserRead {
  profile: SessionUserRow;
  subscription: SubscriptionTimes | null;
}

type SessionUserReadRow = SessionUserRow & {
  status: SubscriptionTimes['status'] | null;
  current_period_end: Date | null;
  ended_at: Date | null;
  updated_at: Date | null;
};

export class AuthRepository {
  constructor(private readonly sequelize: Sequelize) {}

  transaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.sequelize.transaction(work);
  }

  /** The company of a caller not signed in yet, found by the secret or address they hold; null for none. */
  companyOf(
    key: Extract<CompanyKey, 'user-email' | 'verification-token' | 'invitation-token'>,
    value: string,
  ): Promise<number | null> {
    return companyOf(this.sequelize, key, value);
  }

  /** The id a new company will have, taken before its first row so that RLS lets that row in. */
  reserveCompanyId(): Promise<number> {
    return reserveCompanyId(this.sequelize);
  }

  createCompany(company: NewCompany, transaction: Transaction): Promise<Company> {
    return Company.create(company, { transaction });
  }

  async companyName(companyId: number, transaction: Transaction): Promise<string> {
    return (await Company.findByPk(companyId, { transaction, rejectOnEmpty: true })).name;
  }

  /** A sign-in's address is unique among all sign-ins: one saved meanwhile answers as a taken address. */
  async createUser(user: NewUser, transaction: Transaction): Promise<User> {
    try {
      return await User.create(user, { transaction });
    } catch (error) {
      if (error instanceof UniqueConstraintError) throw new HttpError(409, authTexts.emailTaken, { field: 'email' });
      throw error;
    }
  }

  async updateUser(user: User, changes: UserChanges, transaction?: Transaction): Promise<void> {
    await user.update(changes, { transaction });
  }

  /** The sign-in of this address, whatever its state. */
  findUserByEmail(email: string): Promise<User | null> {
    return User.findOne({ where: { email } });
  }

  /** A sign-in neither disabled nor verified yet. */
  findUnverifiedUser(email: string, transaction: Transaction): Promise<User | null> {
    return User.findOne({ where: { email, emailVerifiedAt: null, disabledAt: null }, transaction });
  }

  /** A sign-in of the company not disabled; inside a transaction, locked for its update. */
  findActiveUser(companyId: number, userId: number, transaction?: Transaction): Promise<User | null> {
    return User.findOne({
      where: { id: userId, companyId, disabledAt: null },
      ...(transaction ? { transaction, lock: transaction.LOCK.UPDATE } : {}),
    });
  }

  /** The password hash of a sign-in of the company not disabled; null for none. */
  async passwordHashOf(companyId: number, userId: number): Promise<string | null> {
    const user = await User.findOne({
      where: { id: userId, companyId, disabledAt: null },
      attributes: ['passwordHash'],
    });
    return user?.passwordHash ?? null;
  }

  /** The company's disabled sign-in of this address (a removed person's), locked for its update. */
  findDisabledUser(companyId: number, email: string, transaction: Transaction): Promise<User | null> {
    return User.findOne({
      where: { companyId, email, disabledAt: { [Op.ne]: null } },
      lock: transaction.LOCK.UPDATE,
      transaction,
    });
  }

  /** Raising the token version voids every token the user holds, on every device. */
  /** The user's choice of decision e-mails; null for no such user (of the current company). */
  async decisionEmails(userId: number): Promise<DecisionEmailPreference | null> {
    const [row] = await this.sequelize.query<{ decision_emails: DecisionEmailPreference }>(
      'SELECT decision_emails FROM users WHERE id = :userId',
      { replacements: { userId }, type: QueryTypes.SELECT },
    );
    return row?.decision_emails ?? null;
  }

  /** Sets the choice, with its audit entry, in one statement; the choice before it (null: no such user). */
  async setDecisionEmails(actor: AuditActor, value: DecisionEmailPreference): Promise<DecisionEmailPreference | null> {
    const replacements: Record<string, unknown> = { userId: actor.userId, value };
    const trail = changeTrailClauses(replacements, {
      actor,
      audit: {
        action: 'user.decision_emails',
        entity: 'user',
        entityId: actor.userId,
        after: { decision_emails: value },
      },
    });
    const [row] = await this.sequelize.query<{ before: DecisionEmailPreference }>(
      `WITH before AS (SELECT decision_emails FROM users WHERE id = :userId FOR UPDATE),
            changed AS (UPDATE users SET decision_emails = :value WHERE id = :userId),
            ${trail}
       SELECT decision_emails AS before FROM before`,
      { replacements, type: QueryTypes.SELECT },
    );
    return row?.before ?? null;
  }

  async raiseTokenVersion(userId: number): Promise<void> {
    await User.increment('tokenVersion', { where: { id: userId } });
  }

  /** The session user's profile of an active sign-in, with its company's subscription, in one query. */
  async sessionUser(userId: number): Promise<SessionUserRead | null> {
    const [row] = await this.sequelize.query<SessionUserReadRow>(
      `SELECT u.id, u.role, ${SESSION_USER_COLUMNS},
              s.status, s.current_period_end, s.ended_at, s.updated_at
         FROM users u
         ${SESSION_USER_JOINS}
         LEFT JOIN subscriptions s ON s.company_id = u.company_id
        WHERE u.id = :userId AND u.disabled_at IS NULL`,
      { replacements: { userId }, type: QueryTypes.SELECT },
    );
    if (!row) return null;
    const subscription = row.status
      ? {
          status: row.status,
          currentPeriodEnd: row.current_period_end,
          endedAt: row.ended_at,
          updatedAt: row.updated_at,
        }
      : null;
    return { profile: row, subscription };
  }

  createVerificationToken(
    token: Pick<EmailVerificationToken, 'companyId' | 'userId' | 'tokenHash' | 'expiresAt'>,
    transaction: Transaction,
  ): Promise<EmailVerificationToken> {
    return EmailVerificationToken.create(token, { transaction });
  }

  /** The verification token of this hash, locked for its use. */
  findVerificationToken(tokenHash: string, transaction: Transaction): Promise<EmailVerificationToken | null> {
    return EmailVerificationToken.findOne({ where: { tokenHash }, lock: transaction.LOCK.UPDATE, transaction });
  }

  /** The token is used up, and its user's address verified (unless it already was). */
  async useVerificationToken(token: EmailVerificationToken, at: Date, transaction: Transaction): Promise<void> {
    await token.update({ usedAt: at }, { transaction });
    await User.update({ emailVerifiedAt: at }, { where: { id: token.userId, emailVerifiedAt: null }, transaction });
  }

  /** An invitation of this hash neither revoked nor expired at `now`; inside a transaction, locked. */
  findLiveInvitation(tokenHash: string, now: Date, transaction?: Transaction): Promise<Invitation | null> {
    return Invitation.findOne({
      where: { tokenHash, revokedAt: null, expiresAt: { [Op.gt]: now } },
      ...(transaction ? { transaction, lock: transaction.LOCK.UPDATE } : {}),
    });
  }

  async markInvitationAccepted(invitation: Invitation, at: Date, transaction: Transaction): Promise<void> {
    await invitation.update({ acceptedAt: at }, { transaction });
  }

  /** The profile an invitation was sent for, not removed, locked for its update. */
  findInvitedEmployee(invitation: Invitation, transaction: Transaction): Promise<Employee | null> {
    return Employee.findOne({
      where: { id: invitation.employeeId, companyId: invitation.companyId, deletedAt: null },
      lock: transaction.LOCK.UPDATE,
      transaction,
    });
  }

  /** The profile signs in as `user` from now on. */
  async linkSignIn(employee: Employee, user: User, transaction: Transaction): Promise<void> {
    await employee.update({ userId: user.id }, { transaction });
  }

  /** The profile's leave recorded without a sign-in is `user`'s (the leaves repository's write). */
  async assignLeaveToSignIn(employee: Employee, user: User, transaction: Transaction): Promise<void> {
    await assignLeaveToSignIn(
      this.sequelize,
      { companyId: employee.companyId, employeeId: employee.id, userId: user.id },
      transaction,
    );
  }

  /** The company's profiles that signed in as `user` (a removed person's) keep no sign-in. */
  async unlinkSignIn(companyId: number, user: User, transaction: Transaction): Promise<void> {
    await Employee.update({ userId: null }, { where: { userId: user.id, companyId }, transaction });
  }

  /** Whether signing this user in takes a second step. */
  async hasTwoFactor(userId: number): Promise<boolean> {
    return (await UserTwoFactor.count({ where: { userId, enabledAt: { [Op.ne]: null } } })) > 0;
  }

  /** The user's second factor, enabled or pending. */
  findTwoFactor(companyId: number, userId: number): Promise<UserTwoFactor | null> {
    return UserTwoFactor.findOne({ where: { userId, companyId } });
  }

  /** The user's second factor, enabled or pending, locked for its update. */
  lockTwoFactor(userId: number, transaction: Transaction): Promise<UserTwoFactor | null> {
    return UserTwoFactor.findByPk(userId, { transaction, lock: transaction.LOCK.UPDATE });
  }

  async createTwoFactor(twoFactor: NewTwoFactor, transaction: Transaction): Promise<void> {
    await UserTwoFactor.create(twoFactor, { transaction });
  }

  async updateTwoFactor(twoFactor: UserTwoFactor, changes: TwoFactorChanges, transaction: Transaction): Promise<void> {
    await twoFactor.update(changes, { transaction });
  }

  /** The second factor and its recovery codes go. */
  async deleteTwoFactor(twoFactor: UserTwoFactor, transaction: Transaction): Promise<void> {
    await this.deleteRecoveryCodes(twoFactor.userId, transaction);
    await twoFactor.destroy({ transaction });
  }

  /** The user's recovery codes are these hashes, and only these. */
  async replaceRecoveryCodes(user: User, codeHashes: string[], transaction: Transaction): Promise<void> {
    await this.deleteRecoveryCodes(user.id, transaction);
    await TwoFactorRecoveryCode.bulkCreate(
      codeHashes.map((codeHash) => ({ companyId: user.companyId, userId: user.id, codeHash })),
      { transaction },
    );
  }

  /** The user's unused recovery codes, oldest first, locked for their use. */
  unusedRecoveryCodes(userId: number, transaction: Transaction): Promise<TwoFactorRecoveryCode[]> {
    return TwoFactorRecoveryCode.findAll({
      where: { userId, usedAt: null },
      order: [['id', 'ASC']],
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
  }

  countUnusedRecoveryCodes(userId: number, transaction?: Transaction): Promise<number> {
    return TwoFactorRecoveryCode.count({ where: { userId, usedAt: null }, ...(transaction ? { transaction } : {}) });
  }

  async markRecoveryCodeUsed(code: TwoFactorRecoveryCode, at: Date, transaction: Transaction): Promise<void> {
    await code.update({ usedAt: at }, { transaction });
  }

  private async deleteRecoveryCodes(userId: number, transaction: Transaction): Promise<void> {
    await TwoFactorRecoveryCode.destroy({ where: { userId }, transaction });
  }
}
