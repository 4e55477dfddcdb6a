// DRAFT written by hand as the shared contract; `npm run gen:types` will regenerate this file from
// schemas/*.schema.json (same names, same shapes). Do not edit by hand once the generator exists.

/** Expression string (no braces) used by conditions, e.g. "session.isLogin && !state.busy". */
export type Expr = string;

/**
 * A prop value. Strings may contain templates: "{{ expr }}" alone yields the raw value,
 * mixed text interpolates; "$t:key" is an i18n key (args via "$t:key|{{ {n: data.count} }}" is NOT
 * supported: use "{{ t('key', {n: data.count}) }}").
 */
export type PropValue = unknown;

export interface ConfigNode {
  type: string;
  id?: string;
  props?: Record<string, PropValue>;
  children?: ConfigNode[];
  /** named child lists, e.g. {"right": [...]} for a nav bar */
  slots?: Record<string, ConfigNode[]>;
  visibleWhen?: Expr;
  /** repeat this node for each element of an array; scope gets {item, index} */
  repeat?: { each: Expr; key?: Expr };
  on?: Record<string, Action[]>;
}

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** path may contain {{ }} templates, e.g. "/mdr/api/v1/users/{{ route.params.id }}/profiles" */
  path: string;
  params?: Record<string, PropValue>;
  body?: Record<string, PropValue> | PropValue;
  /** body fields to encrypt with the server RSA public key before sending (login password) */
  encrypt?: string[];
  /** set the silent header: errors do not toast */
  silent?: boolean;
}

export interface DataSource {
  request: RequestSpec;
  /** only fetch when this is truthy */
  when?: Expr;
  staleTime?: number;
  /** polling interval in ms (fallback when no realtime) */
  poll?: number;
  /** infinite list: page/size params (defaults page 1, size 10); list at `listPath` of data */
  paged?: { pageParam?: string; sizeParam?: string; size?: number; listPath?: string; totalPath?: string };
  /** realtime topic that invalidates this source */
  live?: string;
}

export type Action =
  | { type: 'navigate'; to: string; query?: Record<string, PropValue>; replace?: boolean; clearOrderId?: boolean }
  | { type: 'back'; fallback?: string }
  | {
      type: 'request';
      request: RequestSpec;
      /** submit a named form: validates first, then sends form values merged into body */
      form?: string;
      onSuccess?: Action[];
      onError?: Action[];
      /** data sources to refetch after success */
      invalidate?: string[];
    }
  | { type: 'refresh'; source?: string }
  | { type: 'toast'; text: PropValue; icon?: 'success' | 'fail' | 'loading'; duration?: number }
  | {
      type: 'dialog';
      title?: PropValue;
      content: PropValue;
      confirmText?: PropValue;
      cancelText?: PropValue;
      onConfirm?: Action[];
      onCancel?: Action[];
    }
  | { type: 'sheet'; title?: PropValue; items: { text: PropValue; actions: Action[] }[] }
  | { type: 'setState'; path: string; value: PropValue }
  | { type: 'setForm'; form: string; field: string; value: PropValue }
  | { type: 'validate'; form: string; fields?: string[]; onInvalid?: Action[] }
  /** store a fresh login: token + logged-in flag, load user info, connect realtime, close the login popup */
  | { type: 'signIn'; token: PropValue }
  | { type: 'openLogin' }
  | { type: 'closeLogin' }
  | { type: 'logout' }
  | { type: 'copy'; text: PropValue }
  | { type: 'setLang'; lang: PropValue }
  | { type: 'session'; set: Record<string, PropValue> }
  | { type: 'if'; when: Expr; then: Action[]; else?: Action[] }
  | { type: 'emit'; event: string; detail?: PropValue };

export interface FieldLayout {
  name: string;
  widget: string; // form field widget type, e.g. "input", "password", "textarea", "picker", "image-uploader"
  label?: string;
  placeholder?: string;
  props?: Record<string, PropValue>;
  visibleWhen?: Expr;
}

export interface FormConfig {
  id: string;
  /** JSON Schema (draft 2020-12) of the data; also used by the server for the request body */
  dataSchema: string; // $id of a schema file under schemas/data/
  fields: FieldLayout[];
  defaults?: Record<string, PropValue>;
}

export interface ScreenConfig {
  id: string;
  title?: string;
  state?: Record<string, unknown>;
  data?: Record<string, DataSource>;
  forms?: Record<string, { form: string; defaults?: Record<string, PropValue> }>;
  /** actions run when the screen mounts */
  onEnter?: Action[];
  requireLogin?: boolean;
  body: ConfigNode;
}

export interface RouteEntry {
  path: string;
  screen?: string; // screens/<screen>.json id
  redirect?: string;
  name?: string;
  keepAlive?: boolean;
  footer?: boolean;
  order?: number;
}

export interface RouteTable {
  keepAliveMax: number;
  keepAliveExclude: string[];
  keepAliveInclude: string[];
  routes: RouteEntry[];
}

export interface TabLayout {
  tabs: { key: string; index: number; path: string; title: string; icon: string; activeIcon?: string }[];
}
