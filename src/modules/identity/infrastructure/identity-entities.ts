import { IdentityTokenEntity } from './identity-token.entity.js';
import { PasskeyEntity } from './passkey.entity.js';
import { UserEntity } from './user.entity.js';

/** The identity module's TypeORM entities (users, identity_tokens, passkeys), registered by identity.module.ts. */
export const IDENTITY_ENTITIES = [UserEntity, IdentityTokenEntity, PasskeyEntity];
