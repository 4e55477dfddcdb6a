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

/** Bytes that start like a real JFIF JPEG, followed by `size` pseudo-random bytes. */
export function fakeJpeg(size = 2048, seed = 1): Buffer {
  const head = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  const body = Buffer.alloc(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    body[i] = x & 0xff;
  }
  return Buffer.concat([head, body, Buffer.from([0xff, 0xd9])]);
}

export const PNG_BYTES = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
