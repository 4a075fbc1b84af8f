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
  /** The seat quantity the provider last confirmed. */
  declare seatQuantity: CreationOptional<number | null>;
  /** When access ended (status canceled). */
  declare endedAt: CreationOptional<Date | null>;
  /** When the provider state applied last was current: older webhook events are ignored. */
  declare providerStateAt: CreationOptional<Date | null>;
  declare syncRequestedAt: CreationOptional<Date | null>;
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
        seatQuantity: DataTypes.INTEGER,
        endedAt: DataTypes.DATE,
        providerStateAt: DataTypes.DATE,
        syncRequestedAt: DataTypes.DATE,
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'subscriptions', underscored: true },
    );
  }
}
