import { randomBytes } from 'node:crypto';

/** The shape of an invite token: 32 random bytes, base64url. */
export const INVITE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** 32 random bytes, base64url: an invite link cannot be guessed. */
export const newInviteToken = (): string => randomBytes(32).toString('base64url');
