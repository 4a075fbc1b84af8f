import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** A user's TOTP second factor: pending until the first code confirms it (enabledAt). */
export class UserTwoFactor extends Model<InferAttributes<UserTwoFactor>, InferCreationAttributes<UserTwoFactor>> {
  declare userId: number;
  declare companyId: number;
  /** The Base32 secret, encrypted by the API; see services/src/auth/two-factor-secret.ts. */
  declare secretCiphertext: string;
  declare enabledAt: CreationOptional<Date | null>;
  /** The TOTP time step of the last accepted code: codes of that step or earlier are refused. */
  declare lastUsedStep: CreationOptional<number | null>;
  /** Wrong codes since failedAttemptsSince; past the limit the second step waits for the window to end. */
  declare failedAttempts: CreationOptional<number>;
  declare failedAttemptsSince: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    UserTwoFactor.init(
      {
        userId: { type: DataTypes.INTEGER, primaryKey: true },
        companyId: { type: DataTypes.INTEGER, allowNull: false },
        secretCiphertext: { type: DataTypes.TEXT, allowNull: false },
        enabledAt: DataTypes.DATE,
        lastUsedStep: DataTypes.INTEGER,
        failedAttempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        failedAttemptsSince: DataTypes.DATE,
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'user_two_factor', underscored: true },
    );
  }
}
