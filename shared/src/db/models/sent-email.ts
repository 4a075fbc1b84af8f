import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** One row per e-mail that left: its unique idempotency key is what keeps a retried job from sending twice. */
export class SentEmail extends Model<InferAttributes<SentEmail>, InferCreationAttributes<SentEmail>> {
  declare id: CreationOptional<string>;
  declare companyId: number | null;
  declare idempotencyKey: string;
  declare recipient: string;
  declare template: string;
  declare sentAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    SentEmail.init(
      {
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        companyId: DataTypes.INTEGER,
        idempotencyKey: { type: DataTypes.TEXT, allowNull: false },
        recipient: { type: DataTypes.TEXT, allowNull: false },
        template: { type: DataTypes.TEXT, allowNull: false },
        sentAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
      },
      { sequelize, tableName: 'sent_emails', underscored: true, timestamps: false },
    );
  }
}
