/** Builds multipart/form-data payloads for app.inject (tests only). */
export interface FormPart {
  field: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

export function multipartPayload(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----s2test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename
      ? `form-data; name="${p.field}"; filename="${p.filename}"`
      : `form-data; name="${p.field}"`;
    const type = p.filename ? `\r\nContent-Type: ${p.contentType ?? 'image/jpeg'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real 8x8 baseline JPEG (made with sharp): uploads are decoded and re-encoded, so test files must decode. */
export const TINY_JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAgb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCDABBP/9k=',
  'base64',
);

/**
 * A decodable JPEG of about `size` bytes: TINY_JPEG with `size` pseudo-random bytes (from `seed`) in
 * comment segments after its start marker, so files of any size and distinct content are cheap to make.
 */
export function fakeJpeg(size = 2048, seed = 1): Buffer {
  const body = Buffer.alloc(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    body[i] = x & 0xff;
  }
  const segments: Buffer[] = [];
  for (let at = 0; at < size; at += 65533) {
    const chunk = body.subarray(at, Math.min(size, at + 65533));
    const head = Buffer.from([0xff, 0xfe, 0, 0]);
    head.writeUInt16BE(chunk.length + 2, 2);
    segments.push(head, chunk);
  }
  return Buffer.concat([TINY_JPEG.subarray(0, 2), ...segments, TINY_JPEG.subarray(2)]);
}

export const PNG_BYTES = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
