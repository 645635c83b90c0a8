import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Role } from '../../../common/auth/auth.decorators.js';
import type { UserSettings } from '../domain/settings.js';

/** A person's account: the `users` table of the init migration. Statistics are never stored here. */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'varchar', length: 254 }) email: string;
  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true }) passwordHash: string | null;
  @Column({ name: 'full_name', type: 'varchar', length: 100 }) fullName: string;
  @Column({ name: 'phone_number', type: 'varchar', length: 20, nullable: true }) phoneNumber: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) city: string | null;
  @Column({ type: 'varchar', length: 50, nullable: true }) occupation: string | null;
  @Column({ name: 'institution_name', type: 'varchar', length: 150, nullable: true }) institutionName: string | null;
  @Column({ name: 'emergency_contact', type: 'varchar', length: 20, nullable: true }) emergencyContact: string | null;
  @Column({ name: 'preferred_wake_up_time', type: 'varchar', length: 5, nullable: true }) preferredWakeUpTime: string | null;
  /** YYYY-MM-DD (pg `date` read as a string, no time-zone shift). */
  @Column({ name: 'date_of_birth', type: 'date', nullable: true }) dateOfBirth: string | null;
  @Column({ type: 'varchar', length: 30, nullable: true }) gender: string | null;
  @Column({ name: 'sleep_challenges', type: 'text', array: true, default: () => "'{}'" }) sleepChallenges: string[];
  @Column({ name: 'is_email_verified', type: 'boolean', default: false }) isEmailVerified: boolean;
  @Column({ name: 'is_phone_verified', type: 'boolean', default: false }) isPhoneVerified: boolean;
  @Column({ name: 'profile_picture_url', type: 'varchar', length: 500, nullable: true }) profilePictureUrl: string | null;
  @Column({ name: 'google_sub', type: 'varchar', length: 64, nullable: true }) googleSub: string | null;
  @Column({ type: 'varchar', length: 16, default: 'USER' }) role: Role;
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" }) settings: Partial<UserSettings>;
  /** The version of the terms (TERMS_VERSION) the person accepted, and when; null: not recorded (an older client or account). */
  @Column({ name: 'terms_version', type: 'varchar', length: 32, nullable: true }) termsVersion: string | null;
  @Column({ name: 'terms_accepted_at', type: 'timestamptz', nullable: true }) termsAcceptedAt: Date | null;
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true }) deletedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
