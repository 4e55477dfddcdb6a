/**
 * Loaders of the locale texts. As written here (dev server, unit tests) the core part of a language is
 * its whole locale file and no screen needs more. A production build replaces this module
 * (scripts/lib/locale-chunks.ts): the core becomes the areas the shell and the first-load screen use,
 * and every other area a chunk of its own that ScreenHost loads before a screen naming it renders.
 */
import type { Lang } from '../state/session-store';

export type Texts = Record<string, unknown>;
/** A language part; the build's core part also names the loaders of that language's other areas. */
export type Load = () => Promise<{ default: Texts; AREAS?: Record<string, Load> }>;

export const CORE_TEXTS: Record<Lang, Load> = {
  zhhk: () => import('../../locales/zhhk.json'),
  zhcn: () => import('../../locales/zhcn.json'),
  zhtw: () => import('../../locales/zhtw.json'),
};

/** screens whose texts are all in the core (the first-load screen): no table needed for them */
export const FIRST_SCREENS: string[] = [];

/** the table screen id -> the areas beyond the core its texts come from (none here: the core is all) */
export const loadScreenAreas = async (): Promise<{ default: Record<string, string[]> }> => ({ default: {} });
