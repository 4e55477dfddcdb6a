/** JPEG files start with SOI (FF D8) followed by a marker byte FF; the file name proves nothing. */
export function isJpeg(data: Buffer): boolean {
  return data.length >= 4 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
}
