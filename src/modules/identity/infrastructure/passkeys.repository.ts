import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { PasskeyEntity } from './passkey.entity.js';

/** The passkeys table. */
@Injectable()
export class PasskeysRepository {
  constructor(
    @InjectRepository(PasskeyEntity) private readonly passkeys: Repository<PasskeyEntity>,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  byCredentialId(credentialId: string): Promise<PasskeyEntity | null> {
    return this.passkeys.findOne({ where: { credentialId } });
  }

  ofUser(userId: string): Promise<PasskeyEntity[]> {
    return this.passkeys.find({ where: { userId } });
  }

  /** A user's passkeys, oldest first. */
  listOfUser(userId: string): Promise<PasskeyEntity[]> {
    return this.passkeys.find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  credentialExists(credentialId: string): Promise<boolean> {
    return this.passkeys.exists({ where: { credentialId } });
  }

  /** A new row (not stored yet). */
  create(row: PasskeyEntity): PasskeyEntity {
    return this.passkeys.create(row);
  }

  /** Stores the row; the same credential twice fails with PostgreSQL's unique violation (23505). */
  async insert(row: PasskeyEntity): Promise<void> {
    await this.passkeys.insert(row);
  }

  /** Moves the signature counter on from the value read (a clone's replay, or a concurrent use, moves nothing): whether it moved. */
  async advanceCounter(id: string, from: number, to: number, at: Date): Promise<boolean> {
    const [, moved] = (await this.db.query(`UPDATE passkeys SET counter = $3, last_used_at = $4 WHERE id = $1 AND counter = $2`, [id, from, to, at])) as [
      unknown,
      number,
    ];
    return !!moved;
  }

  /** Removes one of the user's passkeys; false when it is not theirs or not there. */
  async remove(id: string, userId: string): Promise<boolean> {
    const [, count] = (await this.db.query(`DELETE FROM passkeys WHERE id = $1 AND user_id = $2`, [id, userId])) as [unknown, number];
    return !!count;
  }
}
