/** Spec §5 / API: uploads must be jpg or jpeg; browsers may leave `type` empty, so the name counts too. */
export function isJpeg(file: File): boolean {
  if (file.type === 'image/jpeg' || file.type === 'image/pjpeg') return true;
  return file.type === '' && /\.jpe?g$/i.test(file.name);
}

export const JPEG_ACCEPT = 'image/jpeg,.jpg,.jpeg';
