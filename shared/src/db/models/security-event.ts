import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/**
 * What happened: a sign-in and its outcome ('challenged': the password was right and the second
 * step is asked for; 'wrong-code': that step failed), a sign-out, a throttled request, a request
 * refused without a valid session (401) or without the permission (403), or a new employee's address
 * refused because it signs in at another company (what probing for accounts looks like).
 */
export type SecurityEventKind =
  | 'sign-in.succeeded'
  | 'sign-in.challenged'
  | 'sign-in.wrong-code'
  | 'sign-in.wrong-password'
  | 'sign-in.unknown-email'
  | 'sign-in.disabled'
  | 'sign-in.throttled'
  | 'sign-out'
  | 'request.throttled'
  | 'access.unauthenticated'
  | 'access.forbidden'
  | 'employee.email-taken-elsewhere';

/** One row of the security log (migration 0006). */
export class SecurityEvent extends Model<InferAttributes<SecurityEvent>, InferCreationAttributes<SecurityEvent>> {
  declare id: CreationOptional<string>;
  declare companyId: number | null;
  declare userId: number | null;
  declare kind: SecurityEventKind;
  declare email: string | null;
  declare ip: string | null;
  declare userAgent: string | null;
  declare requestId: string | null;
  /** Method and path, e.g. 'POST /api/auth/login'; never the query string. */
  declare route: string | null;
  declare status: number | null;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    SecurityEvent.init(
      {
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        companyId: DataTypes.INTEGER,
        userId: DataTypes.INTEGER,
        kind: { type: DataTypes.TEXT, allowNull: false },
        email: DataTypes.TEXT,
        ip: DataTypes.TEXT,
        userAgent: DataTypes.TEXT,
        requestId: DataTypes.TEXT,
        route: DataTypes.TEXT,
        status: DataTypes.SMALLINT,
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'security_events', underscored: true, updatedAt: false },
    );
  }
}
