/**
 * A club crest drawn, not copied: no club's real crest may be shipped, so every club gets the same kind
 * of generated badge - a shield in its colour with a pattern picked from its name and its short name or
 * initials. Deterministic (same club, same crest everywhere), inline SVG of a few elements, no image
 * request: cheap enough for every row of the match list, which is part of the first load.
 */
import { useId } from 'react';
import { parseHex, textOn } from './team-color';
import './crest.css';

export interface CrestProps {
  /** the club's short name (or full name): gives the letters and picks the pattern */
  name: string;
  /** the club colour (hex); anything else draws a neutral crest */
  color?: string;
  /** rendered height in px; the width is 6/7 of it */
  size?: number;
  className?: string;
}

const SHIELD = 'M12 1.2 22 4.4V13c0 6.6-4.4 11.2-10 13.8C6.4 24.2 2 19.6 2 13V4.4z';
const PATTERNS = [
  '', // plain
  'M9 0h6v28H9z', // centre stripe
  'M0 15 24 5v7L0 22z', // sash
  'M0 0h24v9H0z', // chief (top band)
  'M0 0h12v28H0z', // halves
];

/** FNV-1a: a stable small hash, so a club keeps its pattern across builds and devices. */
export function hashName(name: string): number {
  let h = 0x811c9dc5;
  for (const ch of name) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Up to two CJK characters ("曼聯" stays "曼聯"), else up to three initials ("Man Utd" -> "MU"). */
export function crestLetters(name: string): string {
  const s = name.trim();
  if (!s) return '?';
  if (/[\u3400-\u9fff\uf900-\ufaff]/.test(s)) return [...s.replace(/\s+/g, '')].slice(0, 2).join('');
  const words = s.split(/[\s.\-_]+/).filter(Boolean);
  if (words.length > 1)
    return words
      .slice(0, 3)
      .map((w) => w[0])
      .join('')
      .toUpperCase();
  return s.slice(0, 3).toUpperCase();
}

/** The second colour of the pattern: the text colour that reads on the club colour, a little softened. */
function accentOf(fill: string): string {
  return textOn(fill) === '#fff' ? 'rgba(255,255,255,0.28)' : 'rgba(0,0,0,0.16)';
}

export function Crest({ name, color, size = 24, className }: CrestProps) {
  const clip = `gfc${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const fill = parseHex(color) ? String(color) : '#78909c';
  const letters = crestLetters(name);
  const pattern = PATTERNS[hashName(name) % PATTERNS.length];
  const scale = letters.length >= 3 ? 0.23 : letters.length === 2 ? 0.29 : 0.4;
  // the letters are CSS generated content (crest.css), not a text node: the club's name is already
  // written next to every crest, and a second copy would be read twice and found twice by text search
  return (
    <span
      className={className ? `gf-crest ${className}` : 'gf-crest'}
      data-crest={letters}
      aria-hidden="true"
      style={{
        width: Math.round((size * 6) / 7),
        height: size,
        fontSize: Math.max(6, Math.round(size * scale)),
        color: textOn(fill),
      }}
    >
      <svg width="100%" height="100%" viewBox="0 0 24 28" focusable="false" aria-hidden="true">
        <clipPath id={clip}>
          <path d={SHIELD} />
        </clipPath>
        <path d={SHIELD} fill={fill} />
        {pattern ? <path d={pattern} fill={accentOf(fill)} clipPath={`url(#${clip})`} /> : null}
        {/* a thin dark rim keeps a white crest visible on a white card */}
        <path d={SHIELD} fill="none" stroke="rgba(0,0,0,0.28)" strokeWidth="1" />
      </svg>
    </span>
  );
}
