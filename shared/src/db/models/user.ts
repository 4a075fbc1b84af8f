import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { Role } from '../../contracts';

export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: CreationOptional<number>;
  declare companyId: number;
  declare email: string;
  declare passwordHash: string;
  declare role: Role;
  declare name: string;
  declare emailVerifiedAt: Date | null;
  declare tokenVersion: CreationOptional<number>;
  declare calendarFeedVersion: CreationOptional<number>;
  declare disabledAt: CreationOptional<Date | null>;
  declare lastLoginAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    User.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        companyId: { type: DataTypes.INTEGER, allowNull: false },
        email: { type: DataTypes.TEXT, allowNull: false },
        passwordHash: { type: DataTypes.TEXT, allowNull: false },
        role: { type: DataTypes.TEXT, allowNull: false },
        name: { type: DataTypes.TEXT, allowNull: false },
        emailVerifiedAt: DataTypes.DATE,
        tokenVersion: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        calendarFeedVersion: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        disabledAt: DataTypes.DATE,
        lastLoginAt: DataTypes.DATE,
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'users', underscored: true },
    );
  }
}
