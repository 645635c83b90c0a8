import { TypeOrmModule } from '@nestjs/typeorm';
import { ChallengeEntity } from './challenge.entity.js';

/** The module's TypeORM entities, registered with the data source (autoLoadEntities): only the repositories use them. */
export const ChallengesPersistence = TypeOrmModule.forFeature([ChallengeEntity]);
