/**
 * What an upload is, by its first bytes (the file name and declared type prove nothing): JPEG (SOI FF D8
 * then a marker FF), PNG (its 8-byte signature), WebP (a RIFF container of form "WEBP").
 */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** bytes needed to tell the formats apart */
export const SNIFF_BYTES = 12;

export function sniffImage(head: Buffer): ImageFormat | null {
  if (head.length >= 4 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (
    head.length >= 12 &&
    head.toString('latin1', 0, 4) === 'RIFF' &&
    head.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

/**
 * The formats an upload request accepts: `types=jpg,png,webp` (query) widens the default, JPEG only (what
 * spec §5 asks of profile, post and report images); unknown names are refused by the route's schema.
 */
export function acceptedFormats(types: string | undefined): ImageFormat[] {
  if (!types) return ['jpeg'];
  const out = new Set<ImageFormat>();
  for (const t of types.split(',')) {
    const name = t.trim().toLowerCase();
    if (name === 'jpg' || name === 'jpeg') out.add('jpeg');
    else if (name === 'png' || name === 'webp') out.add(name);
  }
  return out.size ? [...out] : ['jpeg'];
}

/** how the user knows these formats, by file extension: ['jpeg', 'png'] -> "jpg/jpeg/png" (the 100415 text) */
export function formatNames(formats: readonly ImageFormat[]): string {
  return formats.map((f) => (f === 'jpeg' ? 'jpg/jpeg' : f)).join('/');
}
