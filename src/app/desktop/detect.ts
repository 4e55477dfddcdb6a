/** Spec §1: a desktop browser (wide, non-mobile UA, not already inside a frame) gets the phone-frame page. */
export const MOBILE_UA =
  /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|webOS|BlackBerry|IEMobile|Opera Mini|MicroMessenger/i;

export interface DesktopProbe {
  width: number;
  userAgent: string;
  inFrame: boolean;
}

export function shouldShowDesktopFrame(p: DesktopProbe): boolean {
  return p.width > 768 && !MOBILE_UA.test(p.userAgent) && !p.inFrame;
}

export function probeWindow(w: Window = window): DesktopProbe {
  let inFrame: boolean;
  try {
    inFrame = w.top !== w.self;
  } catch {
    // a cross-origin parent throws on access: that is a frame too
    inFrame = true;
  }
  return { width: w.innerWidth, userAgent: w.navigator.userAgent, inFrame };
}

/** The app-download link of the QR panel: always the download page of this origin. */
export function downloadUrl(origin: string): string {
  return `${origin}/#/download`;
}
