/**
 * The MSE type of an fMP4 init segment: `video/mp4; codecs="avc1.PPCCLL,mp4a.40.2"`. The H.264 codec
 * string comes from the avcC box (profile, compatibility, level bytes right after its version byte);
 * AAC is taken as AAC-LC (what the packager encodes). Anything else (HEVC, AV1...) answers null: not
 * ours to play, hls.js (or nothing) takes over.
 */

function findBox(bytes: Uint8Array, fourcc: string): number {
  const [a, b, c, d] = Array.from(fourcc, (ch) => ch.charCodeAt(0));
  for (let i = 4; i + 4 <= bytes.length; i++)
    if (bytes[i] === a && bytes[i + 1] === b && bytes[i + 2] === c && bytes[i + 3] === d) return i;
  return -1;
}

const hex = (n: number) => n.toString(16).padStart(2, '0');

export function mp4Type(init: ArrayBuffer): string | null {
  const bytes = new Uint8Array(init);
  const avcC = findBox(bytes, 'avcC');
  // an empty avcC (no configurationVersion 1) has no codec configuration: nothing decodes
  if (avcC < 0 || avcC + 8 > bytes.length || bytes[avcC + 4] !== 1) return null;
  const codecs = [`avc1.${hex(bytes[avcC + 5])}${hex(bytes[avcC + 6])}${hex(bytes[avcC + 7])}`];
  if (findBox(bytes, 'mp4a') >= 0) codecs.push('mp4a.40.2');
  return `video/mp4; codecs="${codecs.join(',')}"`;
}
