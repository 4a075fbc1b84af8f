import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { EMPLOYEE_DEFAULTS, type WorkPattern } from '../../contracts';

type BalanceKey =
  | 'vacationDaysTotal'
  | 'vacationDaysUsed'
  | 'sickDaysTotal'
  | 'sickDaysUsed'
  | 'bankHoursTotal'
  | 'bankHoursUsed'
  | 'vacationDaysCarried'
  | 'vacationDaysExpiring';
type AllowanceKey = 'vacationDaysAllowance' | 'sickDaysAllowance';

export class Employee extends Model<InferAttributes<Employee>, InferCreationAttributes<Employee>> {
  declare id: CreationOptional<number>;
  declare companyId: number;
  declare userId: CreationOptional<number | null>;
  declare name: string;
  declare email: string;
  declare jobRole: CreationOptional<string>;
  declare hireDate: CreationOptional<string>;
  declare birthday: CreationOptional<string | null>;
  declare vacationDaysTotal: CreationOptional<number>;
  declare vacationDaysUsed: CreationOptional<number>;
  declare sickDaysTotal: CreationOptional<number>;
  declare sickDaysUsed: CreationOptional<number>;
  declare bankHoursTotal: CreationOptional<number>;
  declare bankHoursUsed: CreationOptional<number>;
  declare endDate: CreationOptional<string | null>;
  declare teamId: CreationOptional<number | null>;
  declare workPattern: CreationOptional<WorkPattern | null>;
  declare vacationDaysAllowance: CreationOptional<number | null>;
  declare sickDaysAllowance: CreationOptional<number | null>;
  declare ledgerFromYear: CreationOptional<number | null>;
  declare vacationDaysCarried: CreationOptional<number>;
  declare vacationDaysExpiring: CreationOptional<number>;
  declare vacationDaysExpiringOn: CreationOptional<string | null>;
  declare balanceFiguresValidUntil: CreationOptional<string | null>;
  declare deletedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    /** Postgres numerics arrive as strings; balances are small one-decimal values, exact as JS numbers. */
    const balance = (key: BalanceKey, precision: number, defaultValue: number) => ({
      type: DataTypes.DECIMAL(precision, 1),
      allowNull: false,
      defaultValue,
      get(this: Employee): number {
        return Number(this.getDataValue(key));
      },
    });
    const allowance = (key: AllowanceKey) => ({
      type: DataTypes.DECIMAL(6, 1),
      get(this: Employee): number | null {
        const value = this.getDataValue(key);
        return value === null || value === undefined ? null : Number(value);
      },
    });
    Employee.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        companyId: { type: DataTypes.INTEGER, allowNull: false },
        userId: DataTypes.INTEGER,
        name: { type: DataTypes.TEXT, allowNull: false },
        email: { type: DataTypes.TEXT, allowNull: false },
        jobRole: { type: DataTypes.TEXT, allowNull: false, defaultValue: '' },
        hireDate: { type: DataTypes.DATEONLY, allowNull: false, defaultValue: DataTypes.NOW },
        birthday: DataTypes.DATEONLY,
        vacationDaysTotal: balance('vacationDaysTotal', 6, EMPLOYEE_DEFAULTS.vacationDaysTotal),
        vacationDaysUsed: balance('vacationDaysUsed', 6, 0),
        sickDaysTotal: balance('sickDaysTotal', 6, EMPLOYEE_DEFAULTS.sickDaysTotal),
        sickDaysUsed: balance('sickDaysUsed', 6, 0),
        bankHoursTotal: balance('bankHoursTotal', 7, EMPLOYEE_DEFAULTS.bankHoursTotal),
        bankHoursUsed: balance('bankHoursUsed', 7, 0),
        endDate: DataTypes.DATEONLY,
        teamId: DataTypes.INTEGER,
        workPattern: DataTypes.JSONB,
        vacationDaysAllowance: allowance('vacationDaysAllowance'),
        sickDaysAllowance: allowance('sickDaysAllowance'),
        ledgerFromYear: DataTypes.INTEGER,
        vacationDaysCarried: balance('vacationDaysCarried', 6, 0),
        vacationDaysExpiring: balance('vacationDaysExpiring', 6, 0),
        vacationDaysExpiringOn: DataTypes.DATEONLY,
        balanceFiguresValidUntil: DataTypes.DATEONLY,
        deletedAt: DataTypes.DATE,
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'employees', underscored: true },
    );
  }
}
