import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A user's passkey (WebAuthn credential): the `passkeys` table. */
@Entity({ name: 'passkeys' })
export class PasskeyEntity {
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  /** base64url, as the browser names the credential. */
  @Column({ name: 'credential_id', type: 'varchar', length: 1024 }) credentialId: string;
  @Column({ name: 'public_key', type: 'bytea' }) publicKey: Buffer;
  /** The authenticator's signature counter (pg bigint read as text). */
  @Column({ type: 'bigint', transformer: { to: (v: number) => v, from: (v: string | null) => Number(v ?? 0) } }) counter: number;
  @Column({ type: 'text', array: true }) transports: string[];
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true }) lastUsedAt: Date | null;
}
