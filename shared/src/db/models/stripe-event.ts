import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** A processed provider webhook event: its id is the primary key, so each event is applied once. */
export class StripeEvent extends Model<InferAttributes<StripeEvent>, InferCreationAttributes<StripeEvent>> {
  declare id: string;
  declare type: string;
  declare companyId: CreationOptional<number | null>;
  declare providerCreatedAt: Date;
  /** 'applied', or why it changed nothing ('stale', 'ignored', 'unknown-company'). */
  declare outcome: CreationOptional<string>;
  declare processedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    StripeEvent.init(
      {
        id: { type: DataTypes.TEXT, primaryKey: true },
        type: { type: DataTypes.TEXT, allowNull: false },
        companyId: DataTypes.INTEGER,
        providerCreatedAt: { type: DataTypes.DATE, allowNull: false },
        outcome: { type: DataTypes.TEXT, allowNull: false, defaultValue: 'applied' },
        processedAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
      },
      { sequelize, tableName: 'stripe_events', underscored: true, timestamps: false },
    );
  }
}
