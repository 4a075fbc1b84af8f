import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { LeaveStatus, LeaveType, RequestType } from '../../contracts';

export class LeaveRequest extends Model<InferAttributes<LeaveRequest>, InferCreationAttributes<LeaveRequest>> {
  declare id: CreationOptional<number>;
  declare companyId: number;
  declare employeeId: number | null;
  declare userId: number | null;
  declare employeeName: string;
  declare requestType: RequestType;
  declare leaveType: LeaveType;
  declare startDate: string;
  declare endDate: string;
  declare startTime: string | null;
  declare endTime: string | null;
  declare reason: string | null;
  declare daysCount: number;
  declare hoursCount: number;
  declare status: CreationOptional<LeaveStatus>;
  declare createdBy: number | null;
  declare decidedBy: CreationOptional<number | null>;
  declare decidedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    const count = (key: 'daysCount' | 'hoursCount', precision: number) => ({
      type: DataTypes.DECIMAL(precision, 1),
      allowNull: false,
      get(this: LeaveRequest): number {
        return Number(this.getDataValue(key));
      },
    });
    LeaveRequest.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        companyId: { type: DataTypes.INTEGER, allowNull: false },
        employeeId: DataTypes.INTEGER,
        userId: DataTypes.INTEGER,
        employeeName: { type: DataTypes.TEXT, allowNull: false },
        requestType: { type: DataTypes.TEXT, allowNull: false },
        leaveType: { type: DataTypes.TEXT, allowNull: false },
        startDate: { type: DataTypes.DATEONLY, allowNull: false },
        endDate: { type: DataTypes.DATEONLY, allowNull: false },
        startTime: DataTypes.TIME,
        endTime: DataTypes.TIME,
        reason: DataTypes.TEXT,
        daysCount: count('daysCount', 6),
        hoursCount: count('hoursCount', 7),
        status: { type: DataTypes.TEXT, allowNull: false, defaultValue: 'pending' },
        createdBy: DataTypes.INTEGER,
        decidedBy: DataTypes.INTEGER,
        decidedAt: DataTypes.DATE,
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'leave_requests', underscored: true },
    );
  }
}
