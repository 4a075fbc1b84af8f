import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

export type CheckoutMode = 'subscription' | 'setup';

/**
 * A hosted checkout the company started, with the employee it pays for (kept server-side).
 * `paidAt`: the provider took the payment; `completedAt`: the subscription was activated and the
 * employee created, once; `confirmedAt`: a payment-success reply reported it to the admin;
 * `closedAt`: the session was closed unpaid (replaced by a newer one, or expired).
 */
export class BillingCheckout extends Model<InferAttributes<BillingCheckout>, InferCreationAttributes<BillingCheckout>> {
  declare sessionId: string;
  declare companyId: number;
  declare mode: CheckoutMode;
  declare pendingEmployee: CreationOptional<Record<string, unknown> | null>;
  declare createdBy: number | null;
  declare completedAt: CreationOptional<Date | null>;
  declare confirmedAt: CreationOptional<Date | null>;
  declare paidAt: CreationOptional<Date | null>;
  declare closedAt: CreationOptional<Date | null>;
  declare employeeId: CreationOptional<number | null>;
  declare paymentMethodId: CreationOptional<string | null>;
  declare warning: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    BillingCheckout.init(
      {
        sessionId: { type: DataTypes.TEXT, primaryKey: true },
        companyId: { type: DataTypes.INTEGER, allowNull: false },
        mode: { type: DataTypes.TEXT, allowNull: false },
        pendingEmployee: DataTypes.JSONB,
        createdBy: DataTypes.INTEGER,
        completedAt: DataTypes.DATE,
        confirmedAt: DataTypes.DATE,
        paidAt: DataTypes.DATE,
        closedAt: DataTypes.DATE,
        employeeId: DataTypes.INTEGER,
        paymentMethodId: DataTypes.TEXT,
        warning: DataTypes.TEXT,
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'billing_checkouts', underscored: true },
    );
  }
}
