import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. The local-disk implementation is the default; an S3-style bucket would
 * implement the same four calls so several stateless nodes can share files.
 */
export interface ObjectStorage {
  /** Stores bytes under a key the storage chooses; returns the key and the public URL path. */
  put(data: Buffer, opts: { extension: string; contentType: string }): Promise<{ key: string; url: string }>;
  /** null when the key is unknown or not a key this storage could have produced */
  open(key: string): Promise<{ stream: Readable; size: number; contentType: string } | null>;
  remove(key: string): Promise<void>;
  urlFor(key: string): string;
}
