/**
 * The phone frame's outer size: the 375x812 screen plus the 12 px bezel on each side
 * (desktop-frame.css). A window shorter than that (a 1280x800 laptop) draws the phone scaled down
 * so it is never cropped; the framed app still lays out for 375x812.
 */
export const PHONE_OUTER = { width: 375 + 2 * 12, height: 812 + 2 * 12 };
/** space kept above and below the phone */
export const PHONE_MARGIN = 16;

export function phoneScale(windowHeight: number): number {
  const fit = (windowHeight - 2 * PHONE_MARGIN) / PHONE_OUTER.height;
  // a tiny window still gets a usable (if cropped) phone rather than a stamp
  return Math.max(0.5, Math.min(1, fit));
}
