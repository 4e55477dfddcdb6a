/** Config authors write sizes as numbers (px) or CSS strings; both reach the style untouched otherwise. */
export function cssSize(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return `${value}px`;
  if (typeof value === 'string' && value.trim() !== '') return value;
  return undefined;
}

export function asNumber(value: unknown, fallback: number): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
}

export function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? '' : String(value);
}

/** Props default to true only when absent: `false`, "false" and 0 switch them off. */
export function flagOn(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (value === 'false' || value === 0 || value === '') return false;
  return Boolean(value);
}
