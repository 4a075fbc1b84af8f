import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { DataExportScope, DataExportStatus } from '../../contracts/privacy';

/**
 * A requested copy of the company's data or of one person's: the zip itself is kept here (content)
 * from the moment the job finishes until the download window ends. Read `content` only where the
 * file is served: every other read leaves it out.
 */
export class DataExport extends Model<InferAttributes<DataExport>, InferCreationAttributes<DataExport>> {
  declare id: CreationOptional<number>;
  declare companyId: number;
  declare requestedBy: number;
  declare scope: DataExportScope;
  declare status: CreationOptional<DataExportStatus>;
  declare content: CreationOptional<Buffer | null>;
  declare sizeBytes: CreationOptional<number | null>;
  declare readyAt: CreationOptional<Date | null>;
  declare expiresAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    DataExport.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        companyId: { type: DataTypes.INTEGER, allowNull: false },
        requestedBy: { type: DataTypes.INTEGER, allowNull: false },
        scope: { type: DataTypes.TEXT, allowNull: false },
        status: { type: DataTypes.TEXT, allowNull: false, defaultValue: 'pending' },
        content: DataTypes.BLOB,
        sizeBytes: DataTypes.INTEGER,
        readyAt: DataTypes.DATE,
        expiresAt: DataTypes.DATE,
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'data_exports', underscored: true },
    );
  }
}
