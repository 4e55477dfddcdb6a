import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ObjectStorage } from './object-storage';

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg' };

/** Keys are "<yyyy-mm>/<random>.<ext>"; anything else (e.g. "../") is refused before touching the disk. */
const KEY_PATTERN = /^\d{4}-\d{2}\/[A-Za-z0-9_-]{8,64}\.(jpg)$/;

export const UPLOAD_URL_PREFIX = '/uploads/';

/** Files under <dataDir>/uploads, served at /uploads/<key>. */
export function createLocalStorage(dataDir: string): ObjectStorage {
  const root = resolve(dataDir, 'uploads');

  return {
    async put(data, opts) {
      if (!CONTENT_TYPES[opts.extension]) throw new Error(`unsupported extension ${opts.extension}`);
      const month = new Date().toISOString().slice(0, 7);
      const key = `${month}/${randomBytes(16).toString('base64url')}.${opts.extension}`;
      await mkdir(join(root, month), { recursive: true });
      // 'wx' refuses to overwrite: a random-name collision fails loudly instead of replacing a file.
      await writeFile(join(root, key), data, { flag: 'wx' });
      return { key, url: UPLOAD_URL_PREFIX + key };
    },

    async open(key) {
      const match = KEY_PATTERN.exec(key);
      if (!match) return null;
      const path = join(root, key);
      try {
        const s = await stat(path);
        if (!s.isFile()) return null;
        return { stream: createReadStream(path), size: s.size, contentType: CONTENT_TYPES[match[1]] };
      } catch {
        return null;
      }
    },

    async remove(key) {
      if (KEY_PATTERN.test(key)) await rm(join(root, key), { force: true });
    },

    urlFor: (key) => UPLOAD_URL_PREFIX + key,
  };
}
