import { Sequelize } from 'sequelize';
import { initModels } from './models';
import { bindTenancy } from './tenancy';

export interface DatabaseOptions {
  poolMax?: number;
}

/** One Sequelize instance per process, models bound to it, no query logging (pino-http covers requests). */
export function createDatabase(url: string, { poolMax = 10 }: DatabaseOptions = {}): Sequelize {
  const sequelize = new Sequelize(url, {
    dialect: 'postgres',
    logging: false,
    pool: { max: poolMax, min: 0, idle: 10_000, acquire: 10_000 },
    dialectOptions: { application_name: 'teamfolk' },
  });
  initModels(sequelize);
  bindTenancy(sequelize);
  return sequelize;
}
