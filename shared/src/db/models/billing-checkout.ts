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
 * `completedAt`: the subscription was activated and the employee created, once; `confirmedAt`: the
 * first payment-success reply reported it.
 */
export class BillingCheckout extends Model<InferAttributes<BillingCheckout>, InferCreationAttributes<BillingCheckout>> {
  declare sessionId: string;
  declare companyId: number;
  declare mode: CheckoutMode;
  declare pendingEmployee: CreationOptional<Record<string, unknown> | null>;
  declare createdBy: number | null;
  declare completedAt: CreationOptional<Date | null>;
  declare confirmedAt: CreationOptional<Date | null>;
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
