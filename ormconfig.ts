import { DataSource } from 'typeorm';
import { dataSourceOptions } from './src/config/typeorm.options.js';

/** The DataSource the TypeORM migration CLI uses: `npm run migration:run`. */
export default new DataSource(dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wakeup'));
