import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

export type LocalPaymentObjectType =
  'customer' | 'checkout_session' | 'setup_intent' | 'payment_method' | 'subscription' | 'invoice';

/** An object of the local payments test mode (a customer, a session, a card...), its fields as jsonb. */
export class LocalPaymentObject extends Model<
  InferAttributes<LocalPaymentObject>,
  InferCreationAttributes<LocalPaymentObject>
> {
  declare id: string;
  declare type: LocalPaymentObjectType;
  declare companyId: number | null;
  declare customerId: string | null;
  declare data: Record<string, unknown>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    LocalPaymentObject.init(
      {
        id: { type: DataTypes.TEXT, primaryKey: true },
        type: { type: DataTypes.TEXT, allowNull: false },
        companyId: DataTypes.INTEGER,
        customerId: DataTypes.TEXT,
        data: { type: DataTypes.JSONB, allowNull: false },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'local_payment_objects', underscored: true },
    );
  }
}
