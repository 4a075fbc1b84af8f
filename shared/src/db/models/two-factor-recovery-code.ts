import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** A single-use recovery code of a user's two-step sign-in, kept only as an argon2id hash. */
export class TwoFactorRecoveryCode extends Model<
  InferAttributes<TwoFactorRecoveryCode>,
  InferCreationAttributes<TwoFactorRecoveryCode>
> {
  declare id: CreationOptional<number>;
  declare companyId: number;
  declare userId: number;
  declare codeHash: string;
  declare usedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    TwoFactorRecoveryCode.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        companyId: { type: DataTypes.INTEGER, allowNull: false },
        userId: { type: DataTypes.INTEGER, allowNull: false },
        codeHash: { type: DataTypes.TEXT, allowNull: false },
        usedAt: DataTypes.DATE,
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'two_factor_recovery_codes', underscored: true },
    );
  }
}
