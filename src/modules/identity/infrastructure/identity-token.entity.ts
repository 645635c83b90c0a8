import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type TokenPurpose = 'VERIFY_EMAIL' | 'RESET_PASSWORD';

/** A one-time link token; only its SHA-256 is stored. */
@Entity({ name: 'identity_tokens' })
export class IdentityTokenEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ type: 'varchar', length: 20 }) purpose: TokenPurpose;
  @Column({ name: 'token_hash', type: 'char', length: 64 }) tokenHash: string;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
