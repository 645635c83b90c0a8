import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskStorage } from './local-disk.storage.js';

describe('photos on local disk', () => {
  const base = mkdtempSync(join(tmpdir(), 'wakestake-storage-'));
  const root = join(base, 'uploads');
  const storage = new LocalDiskStorage(root);
  const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

  it('stores, reads back and deletes a key under the root, leaving no temporary file', async () => {
    await storage.put('challenges/a-1.png', bytes, 'image/png');
    expect(readdirSync(join(root, 'challenges'))).toEqual(['a-1.png']);
    expect(await storage.get('challenges/a-1.png')).toEqual(bytes);
    await storage.delete('challenges/a-1.png');
    expect(await storage.get('challenges/a-1.png')).toBeNull();
    await expect(storage.delete('challenges/a-1.png')).resolves.toBeUndefined();
  });

  it('never reads or writes outside the root', async () => {
    writeFileSync(join(base, 'outside.png'), bytes);
    for (const key of ['../outside.png', '/etc/passwd', 'challenges/../../outside.png', 'challenges\\x.png', '']) {
      expect(await storage.get(key)).toBeNull();
      await expect(storage.put(key, bytes, 'image/png')).rejects.toThrow('Invalid storage key');
    }
  });
});
