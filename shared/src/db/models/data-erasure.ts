import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** A company's announced and then performed erasure of personal data after its subscription ended. */
export class DataErasure extends Model<InferAttributes<DataErasure>, InferCreationAttributes<DataErasure>> {
  declare companyId: number;
  /** The end the notice was about: a company that subscribes again and cancels later is announced anew. */
  declare subscriptionEndedAt: Date;
  declare noticeSentAt: CreationOptional<Date | null>;
  declare erasedAt: CreationOptional<Date | null>;
  declare summary: CreationOptional<Record<string, number> | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    DataErasure.init(
      {
        companyId: { type: DataTypes.INTEGER, primaryKey: true },
        subscriptionEndedAt: { type: DataTypes.DATE, allowNull: false },
        noticeSentAt: DataTypes.DATE,
        erasedAt: DataTypes.DATE,
        summary: DataTypes.JSONB,
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'data_erasures', underscored: true },
    );
  }
}
