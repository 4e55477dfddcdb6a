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

/**
 * Parts of a widget in chunks of their own that a node needs when a prop is set: `virtual-list` with
 * `measure` draws its rows with `virtual-list/measured`. Fetched with the screen, like its widgets,
 * instead of after the list has mounted (a round trip before the first rows).
 */
export const WIDGET_PARTS: Readonly<Record<string, readonly { prop: string; part: string }[]>> = {
  'virtual-list': [{ prop: 'measure', part: 'measured' }],
};

type Walk = {
  /** when given, the parts (`type/part`) the nodes met need */
  parts?: Set<string>;
  stopAtOverlays: boolean;
  stopAtClosedTabs: boolean;
  state: Record<string, unknown>;
  /** when given, every string value met on the way (icon names, texts, templates) */
  strings?: Set<string>;
};

const STATE_REF = /^\{\{\s*state\.(\w+)\s*\}\}$/;

/**
 * The pane a `tabs` node opens on: its literal activeKey, the screen's initial state for a
 * `{{ state.x }}` one, else the first item. (A deep link naming another tab loads that pane's widgets
 * when it renders.)
 */
function openingPane(node: { props?: unknown }, state: Record<string, unknown>): string | undefined {
  const props = (node.props ?? {}) as { activeKey?: unknown; items?: { key?: unknown }[] };
  const key = props.activeKey;
  if (typeof key === 'string' && key !== '') {
    const ref = STATE_REF.exec(key);
    if (!ref) return key.includes('{{') ? undefined : key;
    if (state[ref[1]] !== undefined && state[ref[1]] !== null) return String(state[ref[1]]);
  }
  const first = Array.isArray(props.items) ? props.items[0]?.key : undefined;
  return first === undefined ? undefined : String(first);
}

function collect(tree: unknown, into: Set<string>, walk: Walk): Set<string> {
  if (typeof tree === 'string') walk.strings?.add(tree);
  else if (Array.isArray(tree)) {
    for (const item of tree) collect(item, into, walk);
  } else if (tree && typeof tree === 'object') {
    const node = tree as { type?: unknown; slots?: Record<string, unknown>; props?: unknown };
    const type = node.type;
    if (typeof type === 'string') {
      into.add(type);
      const props = (node.props ?? {}) as Record<string, unknown>;
      for (const { prop, part } of WIDGET_PARTS[type] ?? [])
        if (props[prop] === true) walk.parts?.add(`${type}/${part}`);
      if (walk.stopAtOverlays && OVERLAY_TYPES.has(type)) return into;
    }
    for (const [key, value] of Object.entries(tree)) {
      if (key === 'type') continue;
      if (typeof value === 'string') walk.strings?.add(value);
      if (!value || typeof value !== 'object') continue;
      if (key === 'slots' && type === 'tabs' && walk.stopAtClosedTabs) {
        // a tab's pane renders the first time it is opened (src/widgets/tabs): the others' widgets wait
        const open = openingPane(node, walk.state);
        const panes = value as Record<string, unknown>;
        if (open !== undefined && open in panes) {
          collect(panes[open], into, walk);
          continue;
        }
      }
      collect(value, into, walk);
    }
  }
  return into;
}

/** A screen config's initial state (the tree is a screen, or a list starting with one). */
function initialState(tree: unknown): Record<string, unknown> {
  const root = Array.isArray(tree) ? tree[0] : tree;
  const state = root && typeof root === 'object' ? (root as { state?: unknown }).state : undefined;
  return state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
}

/** Every `type` named anywhere in a config tree (children, slots, templates inside props). */
export function nodeTypes(tree: unknown, into = new Set<string>()): Set<string> {
  return collect(tree, into, { stopAtOverlays: false, stopAtClosedTabs: false, state: {} });
}

/** The types drawn when the screen opens: not what is inside an overlay or a tab not yet opened. */
export function firstPaintTypes(tree: unknown, into = new Set<string>()): Set<string> {
  return collect(tree, into, { stopAtOverlays: true, stopAtClosedTabs: true, state: initialState(tree) });
}

/** The widget parts (`virtual-list/measured`) what is drawn when the screen opens needs. */
export function firstPaintParts(tree: unknown): Set<string> {
  const parts = new Set<string>();
  collect(tree, new Set(), {
    stopAtOverlays: true,
    stopAtClosedTabs: true,
    state: initialState(tree),
    parts,
  });
  return parts;
}

/** The string values of what is drawn when the screen opens (the build finds its icons' names in them). */
export function firstPaintStrings(tree: unknown): Set<string> {
  const strings = new Set<string>();
  collect(tree, new Set(), {
    stopAtOverlays: true,
    stopAtClosedTabs: true,
    state: initialState(tree),
    strings,
  });
  return strings;
}

/**
 * What is worth fetching right after the first paint: overlays open on a tap and should not wait for
 * the network then. Panes of tabs not yet opened are left to load when opened, so a detail page with
 * seven tabs does not download all seven panes' widgets up front.
 */
export function afterPaintTypes(tree: unknown, into = new Set<string>()): Set<string> {
  return collect(tree, into, { stopAtOverlays: false, stopAtClosedTabs: true, state: initialState(tree) });
}
