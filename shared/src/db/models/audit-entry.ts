import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

export class AuditEntry extends Model<InferAttributes<AuditEntry>, InferCreationAttributes<AuditEntry>> {
  declare id: CreationOptional<string>;
  declare companyId: number;
  declare actorUserId: number | null;
  declare action: string;
  declare entity: string;
  declare entityId: string | null;
  declare before: CreationOptional<object | null>;
  declare after: CreationOptional<object | null>;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    AuditEntry.init(
      {
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        companyId: { type: DataTypes.INTEGER, allowNull: false },
        actorUserId: DataTypes.INTEGER,
        action: { type: DataTypes.TEXT, allowNull: false },
        entity: { type: DataTypes.TEXT, allowNull: false },
        entityId: DataTypes.TEXT,
        before: DataTypes.JSONB,
        after: DataTypes.JSONB,
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'audit_log', underscored: true, updatedAt: false },
    );
  }
}
