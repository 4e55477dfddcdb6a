/**
 * Spec §5 / API: uploads are jpg or jpeg unless a form accepts more (the shop's forms also take png and
 * webp). Browsers may leave `type` empty, so the name counts too; the server decides by the bytes.
 */
export type UploadFormat = 'jpeg' | 'png' | 'webp';

const FORMAT_TYPES: Record<UploadFormat, { mime: string[]; ext: string[] }> = {
  jpeg: { mime: ['image/jpeg', 'image/pjpeg'], ext: ['.jpg', '.jpeg'] },
  png: { mime: ['image/png'], ext: ['.png'] },
  webp: { mime: ['image/webp'], ext: ['.webp'] },
};

/** the known formats among `raw` (default JPEG only) */
export function uploadFormats(raw: unknown): UploadFormat[] {
  const list = Array.isArray(raw) ? raw.filter((f): f is UploadFormat => f in FORMAT_TYPES) : [];
  return list.length ? [...new Set(list)] : ['jpeg'];
}

export function isAccepted(file: File, formats: UploadFormat[] = ['jpeg']): boolean {
  const types = formats.map((f) => FORMAT_TYPES[f]);
  if (types.some((t) => t.mime.includes(file.type))) return true;
  const name = file.name.toLowerCase();
  return file.type === '' && types.some((t) => t.ext.some((e) => name.endsWith(e)));
}

/** the file input's `accept` for these formats */
export const acceptFor = (formats: UploadFormat[]) =>
  formats.flatMap((f) => [FORMAT_TYPES[f].mime[0], ...FORMAT_TYPES[f].ext]).join(',');

/** the upload endpoint for these formats: the attachment store, told which it may take beyond JPEG */
export function uploadPathFor(path: string, formats: UploadFormat[]): string {
  if (formats.length === 1 && formats[0] === 'jpeg') return path;
  const types = formats.map((f) => (f === 'jpeg' ? 'jpg' : f)).join(',');
  return `${path}${path.includes('?') ? '&' : '?'}types=${types}`;
}
