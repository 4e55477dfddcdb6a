/**
 * Form layouts: a form file (`screens/forms/<id>.json`) says once how each of its fields looks (widget,
 * label, placeholder, props, visibleWhen, slots), like rjsf's uiSchema; a screen lays them out with a
 * node `{"type": "form", "form": "<screen form name>", "fields": ["a", "b"]}` (no `fields`: all of
 * them, in the file's order). When the screen loads, that node is replaced, in its parent's list, by one
 * `field-<widget>` node per field, bound to the screen's form. Like fragments this is data substitution
 * at load time: the renderer, check:config and the widget prop checks all see ordinary field nodes, and
 * the ops console's four decision screens share one reason field instead of four copies. A form node's
 * `props` are laid over each field's (one screen may call the same field by another label).
 */
import type { ConfigNode, FieldLayout, FormConfig } from './config-types.gen';

export interface FormNode {
  type: 'form';
  /** the screen's `forms` entry these fields bind to */
  form: string;
  /** which fields, in this order; all of the form's fields when absent */
  fields?: string[];
  /** props laid over each field's own (e.g. another label on one screen) */
  props?: Record<string, unknown>;
}

export class FormLayoutError extends Error {
  constructor(
    message: string,
    /** JSON pointer of the `form` node inside the screen */
    readonly pointer: string,
  ) {
    super(message);
  }
}

export const isFormNode = (v: unknown): v is FormNode =>
  !!v && typeof v === 'object' && (v as { type?: unknown }).type === 'form';

/** The node a field layout stands for, bound to the screen form `form`. */
export function fieldNode(form: string, f: FieldLayout, overrides?: Record<string, unknown>): ConfigNode {
  const node: ConfigNode = {
    type: `field-${f.widget}`,
    props: {
      form,
      name: f.name,
      ...(f.label === undefined ? {} : { label: f.label }),
      ...(f.placeholder === undefined ? {} : { placeholder: f.placeholder }),
      ...f.props,
      ...overrides,
    },
  };
  if (f.visibleWhen !== undefined) node.visibleWhen = f.visibleWhen;
  if (f.slots) node.slots = f.slots;
  if (f.children) node.children = f.children;
  return node;
}

export interface FormLayoutOptions {
  /** JSON pointer of `value` inside its file, for error messages */
  path?: string;
  /** collect errors instead of throwing; the offending node is left in place */
  onError?: (e: FormLayoutError) => void;
}

/**
 * The tree with every `form` node replaced by its field nodes. `screenForms` is the screen's `forms`
 * table (name -> form file id), `configs` the loaded form files by id.
 */
export function expandFormNodes<T>(
  value: T,
  screenForms: Record<string, { form: string }>,
  configs: Record<string, FormConfig>,
  opts: FormLayoutOptions = {},
): T {
  const path = opts.path ?? '';
  if (Array.isArray(value)) {
    return value.flatMap((v, i) => {
      const at = `${path}/${i}`;
      if (!isFormNode(v)) return [expandFormNodes(v, screenForms, configs, { ...opts, path: at })];
      try {
        return fieldsOf(v, screenForms, configs, at);
      } catch (e) {
        if (!(e instanceof FormLayoutError) || !opts.onError) throw e;
        opts.onError(e);
        return [v];
      }
    }) as T;
  }
  if (!value || typeof value !== 'object') return value;
  if (isFormNode(value)) {
    const e = new FormLayoutError('a "form" node must sit in a list (children or a slot)', path);
    if (!opts.onError) throw e;
    opts.onError(e);
    return value;
  }
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      expandFormNodes(v, screenForms, configs, { ...opts, path: `${path}/${k.replace(/~/g, '~0')}` }),
    ]),
  ) as T;
}

function fieldsOf(
  node: FormNode,
  screenForms: Record<string, { form: string }>,
  configs: Record<string, FormConfig>,
  at: string,
): ConfigNode[] {
  const entry = screenForms[node.form];
  if (!entry) throw new FormLayoutError(`no form "${node.form}" in this screen's "forms"`, at);
  const config = configs[entry.form];
  if (!config) throw new FormLayoutError(`form file "${entry.form}" was not loaded`, at);
  const layouts = config.fields ?? [];
  const names = node.fields ?? layouts.map((f) => f.name);
  return names.map((name) => {
    const layout = layouts.find((f) => f.name === name);
    if (!layout) throw new FormLayoutError(`form "${entry.form}" lays out no field "${name}"`, at);
    return fieldNode(node.form, layout, node.props);
  });
}

/** Every `form` node of a tree, with the fields it shows (all of the form's when it names none). */
export function formNodesOf(value: unknown, into: FormNode[] = []): FormNode[] {
  if (Array.isArray(value)) for (const v of value) formNodesOf(v, into);
  else if (value && typeof value === 'object') {
    if (isFormNode(value)) into.push(value);
    else for (const v of Object.values(value)) formNodesOf(v, into);
  }
  return into;
}
