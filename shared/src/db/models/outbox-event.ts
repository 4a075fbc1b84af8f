import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

export class OutboxEvent extends Model<InferAttributes<OutboxEvent>, InferCreationAttributes<OutboxEvent>> {
  declare id: CreationOptional<string>;
  declare companyId: number | null;
  declare queue: string;
  declare jobName: string;
  declare payload: unknown;
  declare requestId: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare dispatchedAt: CreationOptional<Date | null>;
  declare attempts: CreationOptional<number>;
  declare lastError: CreationOptional<string | null>;

  static initModel(sequelize: Sequelize): void {
    OutboxEvent.init(
      {
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        companyId: DataTypes.INTEGER,
        queue: { type: DataTypes.TEXT, allowNull: false },
        jobName: { type: DataTypes.TEXT, allowNull: false },
        payload: { type: DataTypes.JSONB, allowNull: false },
        requestId: DataTypes.TEXT,
        createdAt: DataTypes.DATE,
        dispatchedAt: DataTypes.DATE,
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        lastError: DataTypes.TEXT,
      },
      { sequelize, tableName: 'outbox', underscored: true, updatedAt: false },
    );
  }
}
