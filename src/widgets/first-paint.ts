/**
 * Which widget types a screen needs before it draws. ScreenHost waits for a screen's widgets so that it
 * opens whole instead of popping in piece by piece — but the content of a popup is not on screen until
 * someone opens it, and on the sign-in page it was most of the code (the area-code index list, the
 * captcha image, the protocol reader with DOMPurify): waiting for it put the first paint of #/login
 * behind ~40 KB it did not show. Widgets under an overlay load right after the first paint instead.
 * Pure (no React): the build's route preload script (scripts/lib/route-preload.ts) uses it too.
 */

/** Node types whose children are shown only on demand. */
export const OVERLAY_TYPES: ReadonlySet<string> = new Set(['popup']);

function collect(tree: unknown, into: Set<string>, stopAtOverlays: boolean): Set<string> {
  if (Array.isArray(tree)) {
    for (const item of tree) collect(item, into, stopAtOverlays);
  } else if (tree && typeof tree === 'object') {
    const type = (tree as { type?: unknown }).type;
    if (typeof type === 'string') {
      into.add(type);
      if (stopAtOverlays && OVERLAY_TYPES.has(type)) return into;
    }
    for (const [key, value] of Object.entries(tree))
      if (key !== 'type' && value && typeof value === 'object') collect(value, into, stopAtOverlays);
  }
  return into;
}

/** Every `type` named anywhere in a config tree (children, slots, templates inside props). */
export function nodeTypes(tree: unknown, into = new Set<string>()): Set<string> {
  return collect(tree, into, false);
}

/** The types drawn when the screen opens: everything except what is inside an overlay. */
export function firstPaintTypes(tree: unknown, into = new Set<string>()): Set<string> {
  return collect(tree, into, true);
}
