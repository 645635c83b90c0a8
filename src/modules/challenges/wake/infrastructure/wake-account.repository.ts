import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { NO_SHIELDS, ShieldState } from '../../days-off/domain/shield-rules.js';

export interface WakeAccount extends ShieldState {
  stillAwake: boolean;
}

type AccountRow = {
  shields_held: number;
  shield_run: number;
  shields_earned: number;
  shields_spent: number;
  shield_cursor: string | null;
  still_awake: boolean;
};
const ACCOUNT_COLUMNS = `shields_held, shield_run, shields_earned, shields_spent, to_char(shield_cursor, 'YYYY-MM-DD') AS shield_cursor, still_awake`;
const toAccount = (r: AccountRow | undefined): WakeAccount =>
  r
    ? { held: r.shields_held, run: r.shield_run, earned: r.shields_earned, spent: r.shields_spent, cursor: r.shield_cursor, stillAwake: r.still_awake }
    : { ...NO_SHIELDS, stillAwake: false };

/** wake_accounts: a person's shields and their still-awake setting (one row each, made on first need). */
@Injectable()
export class WakeAccountRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The user's account row, created when missing and locked FOR UPDATE: every change to shields or leave takes it first. */
  async lockAccount(m: EntityManager, userId: string, now: Date): Promise<WakeAccount> {
    await m.query(`INSERT INTO wake_accounts (user_id, updated_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, [userId, now]);
    const [row] = (await m.query(`SELECT ${ACCOUNT_COLUMNS} FROM wake_accounts WHERE user_id = $1 FOR UPDATE`, [userId])) as AccountRow[];
    return toAccount(row);
  }

  async readAccount(userId: string, m: EntityManager = this.ds.manager): Promise<WakeAccount> {
    const [row] = (await m.query(`SELECT ${ACCOUNT_COLUMNS} FROM wake_accounts WHERE user_id = $1`, [userId])) as AccountRow[];
    return toAccount(row);
  }

  async saveShields(m: EntityManager, userId: string, s: ShieldState, now: Date): Promise<void> {
    await m.query(
      `UPDATE wake_accounts SET shields_held = $2, shield_run = $3, shields_earned = $4, shields_spent = $5, shield_cursor = $6, updated_at = $7 WHERE user_id = $1`,
      [userId, s.held, s.run, s.earned, s.spent, s.cursor, now],
    );
  }

  /**
   * Stores a fold made without the lock (a read), only if the row still holds the state it was folded from: the same
   * fold a locked writer would store, so a read never loses or doubles a shield; a row changed meanwhile is left alone.
   */
  async saveFoldIfUnchanged(userId: string, before: ShieldState, after: ShieldState, now: Date): Promise<void> {
    await this.ds.query(
      `INSERT INTO wake_accounts (user_id, shields_held, shield_run, shields_earned, shields_spent, shield_cursor, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (user_id) DO UPDATE SET shields_held = excluded.shields_held, shield_run = excluded.shield_run,
              shields_earned = excluded.shields_earned, shield_cursor = excluded.shield_cursor, updated_at = excluded.updated_at
        WHERE wake_accounts.shields_held = $8 AND wake_accounts.shield_run = $9 AND wake_accounts.shields_earned = $10
          AND wake_accounts.shields_spent = $5 AND wake_accounts.shield_cursor IS NOT DISTINCT FROM $11::date`,
      [userId, after.held, after.run, after.earned, after.spent, after.cursor, now, before.held, before.run, before.earned, before.cursor],
    );
  }

  async setStillAwake(userId: string, enabled: boolean, now: Date): Promise<void> {
    await this.ds.query(
      `INSERT INTO wake_accounts (user_id, still_awake, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET still_awake = excluded.still_awake, updated_at = excluded.updated_at`,
      [userId, enabled, now],
    );
  }
}
