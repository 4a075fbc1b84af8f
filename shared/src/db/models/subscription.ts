import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

export type SubscriptionStatus = 'incomplete' | 'active' | 'cancel_at_period_end' | 'canceled';

export class Subscription extends Model<InferAttributes<Subscription>, InferCreationAttributes<Subscription>> {
  declare id: CreationOptional<number>;
  declare companyId: number;
  declare status: SubscriptionStatus;
  declare currentPeriodEnd: CreationOptional<Date | null>;
  declare providerCustomerId: CreationOptional<string | null>;
  declare providerSubscriptionId: CreationOptional<string | null>;
  declare defaultPaymentMethodId: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  /** Seats can be added: the subscription runs and a card is on file. */
  canAddSeats(): boolean {
    return (this.status === 'active' || this.status === 'cancel_at_period_end') && Boolean(this.defaultPaymentMethodId);
  }

  static initModel(sequelize: Sequelize): void {
    Subscription.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        companyId: { type: DataTypes.INTEGER, allowNull: false },
        status: { type: DataTypes.TEXT, allowNull: false },
        currentPeriodEnd: DataTypes.DATE,
        providerCustomerId: DataTypes.TEXT,
        providerSubscriptionId: DataTypes.TEXT,
        defaultPaymentMethodId: DataTypes.TEXT,
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'subscriptions', underscored: true },
    );
  }
}
