/**
 * Team colours come from data (a yellow kit is common): text drawn on them or in them must stay
 * readable, so pick dark or white text by WCAG relative luminance.
 */
function luminance(hex: string): number | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export const DARK_TEXT = '#1f2329';

/** Text colour to put on a team-coloured fill. */
export function textOn(bg: string): string {
  const l = luminance(bg);
  return l !== null && l > 0.4 ? DARK_TEXT : '#fff';
}

/** The team colour itself when it reads on white (contrast ≥ 4.5), else dark text. */
export function inkOnWhite(color: string): string {
  const l = luminance(color);
  if (l === null) return DARK_TEXT;
  return 1.05 / (l + 0.05) >= 4.5 ? color : DARK_TEXT;
}
