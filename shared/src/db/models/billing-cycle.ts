import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { BillingCycleStatus } from '../../contracts';

/** One billed month of a company: unique per (company, billing_date), so a cycle run twice records once. */
export class BillingCycle extends Model<InferAttributes<BillingCycle>, InferCreationAttributes<BillingCycle>> {
  declare id: CreationOptional<number>;
  declare companyId: number;
  /** The month's first day, YYYY-MM-DD. */
  declare billingDate: string;
  declare seatCount: number;
  declare amountDue: number;
  declare status: CreationOptional<BillingCycleStatus>;
  declare paidAt: CreationOptional<Date | null>;
  declare providerInvoiceId: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    BillingCycle.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        companyId: { type: DataTypes.INTEGER, allowNull: false },
        billingDate: { type: DataTypes.DATEONLY, allowNull: false },
        seatCount: { type: DataTypes.INTEGER, allowNull: false },
        amountDue: { type: DataTypes.INTEGER, allowNull: false },
        status: { type: DataTypes.TEXT, allowNull: false, defaultValue: 'pending' },
        paidAt: DataTypes.DATE,
        providerInvoiceId: DataTypes.TEXT,
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'billing_cycles', underscored: true },
    );
  }
}
