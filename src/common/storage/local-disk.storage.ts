import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertKey, isValidKey, PhotoStorage, storageUnavailable } from './photo-storage.js';

/** Photos as files under one root folder (UPLOADS_DIR); the default. Several api copies need that folder shared. */
export class LocalDiskStorage extends PhotoStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  async put(key: string, bytes: Buffer, _contentType?: string): Promise<void> {
    const file = this.path(key);
    try {
      await mkdir(dirname(file), { recursive: true });
      // Written whole under a temporary name, then renamed: a reader never sees half a photo.
      const tmp = `${file}.${randomUUID()}.tmp`;
      await writeFile(tmp, bytes, { mode: 0o640 });
      await rename(tmp, file);
    } catch (e) {
      throw storageUnavailable(e);
    }
  }

  async get(key: string): Promise<Buffer | null> {
    if (!isValidKey(key)) return null;
    try {
      return await readFile(this.path(key));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw storageUnavailable(e);
    }
  }

  async delete(key: string): Promise<void> {
    await unlink(this.path(key)).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw storageUnavailable(e);
    });
  }

  private path(key: string): string {
    assertKey(key);
    const file = resolve(this.root, key);
    if (!file.startsWith(this.root + sep)) throw new Error(`Storage key outside the root: ${key}`);
    return file;
  }
}
