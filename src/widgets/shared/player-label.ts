/**
 * How a player reads when the data has no name for them (an unnamed squad slot, contracts/match.ts
 * UnnamedPlayer): shirt number and position ("7號 · 前鋒"), never a made-up name.
 */
import type { TFunction } from 'i18next';

interface NumberAndPosition {
  number?: number | null;
  position?: number | null;
}

/** "前鋒" for spec §3 position 1; '' for an unknown position. */
export function positionLabel(t: TFunction, position: unknown): string {
  const p = Number(position);
  return Number.isInteger(p) && p >= 1 && p <= 5 ? t(`match.player.position.${p}`) : '';
}

/** "7號 · 前鋒"; only the position when there is no number. */
export function unnamedLabel(t: TFunction, p: NumberAndPosition): string {
  const position = positionLabel(t, p.position);
  if (typeof p.number !== 'number') return position;
  return t('match.player.unnamed', { number: p.number, position }).replace(/ · $/, '');
}

/** The name when there is one, else the unnamed label when the wire says who it is, else ''. */
export function whoLabel(t: TFunction, name: unknown, unnamed: NumberAndPosition | null | undefined): string {
  if (typeof name === 'string' && name) return name;
  return unnamed && typeof unnamed === 'object' ? unnamedLabel(t, unnamed) : '';
}
