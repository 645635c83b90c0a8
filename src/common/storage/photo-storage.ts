import { CommonErrors } from '../errors/common.errors.js';
import type { DomainError } from '../errors/domain-error.js';

/**
 * Where check-in photos live: a key (a relative path such as `challenges/<id>-<uuid>.png`) to bytes. Infrastructure
 * only; what may be stored and for how long is decided by the callers.
 */
export abstract class PhotoStorage {
  /** `local` (UPLOADS_DIR) or `s3` (S3_BUCKET), for logs and health. */
  abstract readonly kind: 'local' | 's3';
  abstract put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  abstract get(key: string): Promise<Buffer | null>;
  /** Removes the key; removing a missing key is not an error. */
  abstract delete(key: string): Promise<void>;
}

/** The store could not be reached or refused the request: the caller answers 503 and changes nothing. */
export const storageUnavailable = (cause: unknown): DomainError => CommonErrors.storageUnavailable(cause);

/** Keys are relative paths of safe segments: no `..`, no leading slash, no backslash (the same rule on disk and in S3). */
export function isValidKey(key: string): boolean {
  return key.length <= 300 && /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/.test(key) && !key.split('/').includes('..');
}

export function assertKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}
