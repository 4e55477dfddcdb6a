import type { Action, ConfigNode } from '../config-types.gen';
import type { Scope } from '../contract';
import { buildRequest } from '../data/request';
import { evalExpr, evalValue } from '../expr';
import { loadFormKit } from '../forms/form-kit';
import type { ScreenRuntime } from '../runtime/screen-runtime';
import { setPath } from '../runtime/store';
import type { ApiFailure } from '../services';
import { chooseFromSheet, confirmDialog, copyText, showToast } from './ui';

export interface ActionContext {
  rt: ScreenRuntime;
  /** read fresh for every action: a setState earlier in the chain is visible to the next one */
  scope: () => Scope;
  node?: ConfigNode;
  /** named lists entered so far (run actions), to stop a list that runs itself */
  running?: readonly string[];
}

type Runner<T extends Action['type']> = (
  a: Extract<Action, { type: T }>,
  ctx: ActionContext,
) => Promise<boolean>;

const text = (v: unknown, ctx: ActionContext) => {
  const out = evalValue(v, ctx.scope(), ctx.rt.env);
  return out == null ? '' : String(out);
};

const withExtra = (ctx: ActionContext, extra: Partial<Scope>): ActionContext => ({
  ...ctx,
  scope: () => ({ ...ctx.scope(), ...extra }),
});

function toFailure(err: unknown): ApiFailure {
  if (err && typeof err === 'object' && 'code' in err) return err as ApiFailure;
  return { code: 500, msg: err instanceof Error ? err.message : String(err) };
}

function formOf(ctx: ActionContext, name: string) {
  const form = ctx.rt.forms.get(name);
  if (!form) throw new Error(`Unknown form "${name}" on screen "${ctx.rt.screen.id}"`);
  return form;
}

async function request(a: Extract<Action, { type: 'request' }>, ctx: ActionContext): Promise<boolean> {
  const { services } = ctx.rt;
  const req = buildRequest(a.request, ctx.scope(), ctx.rt.env);
  if (a.form) {
    const extras = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    const values = await (await loadFormKit()).validateForm(formOf(ctx, a.form), undefined, extras);
    if (!values) return false;
    req.body = { ...extras, ...values };
  }
  if (a.request.encrypt?.length && req.body && typeof req.body === 'object') {
    const body = { ...(req.body as Record<string, unknown>) };
    for (const field of a.request.encrypt) {
      if (typeof body[field] === 'string') body[field] = await services.encrypt(body[field] as string);
    }
    req.body = body;
  }
  let result: unknown;
  try {
    result = await services.api.request(req);
  } catch (err) {
    // the api client has already run the error catalogue (toasts, redirects); onError is for the screen
    if (a.onError) await runActions(a.onError, withExtra(ctx, { error: toFailure(err) }));
    return false;
  }
  await Promise.all([
    ...(a.invalidate ?? []).map((s) => ctx.rt.refetch(s)),
    a.invalidatePaths?.length ? ctx.rt.invalidatePaths(a.invalidatePaths.map((p) => text(p, ctx))) : null,
  ]);
  return runActions(a.onSuccess, withExtra(ctx, { result }));
}

const RUNNERS: { [T in Action['type']]: Runner<T> } = {
  async navigate(a, ctx) {
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(a.query ?? {})) {
      const value = evalValue(v, ctx.scope(), ctx.rt.env);
      if (value != null) query[k] = String(value);
    }
    // spec §2: navigation carries a timestamp so the target screen refreshes
    query.t = String(Date.now());
    if (a.clearOrderId) sessionStorage.removeItem('orderId');
    ctx.rt.services.navigate(text(a.to, ctx), { query, replace: a.replace, clearOrderId: a.clearOrderId });
    return true;
  },
  async back(a, ctx) {
    ctx.rt.services.back(a.fallback);
    return true;
  },
  request,
  async refresh(a, ctx) {
    await ctx.rt.refetch(a.source);
    return true;
  },
  async invalidate(a, ctx) {
    await ctx.rt.invalidatePaths(a.paths.map((p) => text(p, ctx)));
    return true;
  },
  async run(a, ctx) {
    const list = ctx.rt.screen.actions?.[a.name];
    if (!list) throw new Error(`Unknown action list "${a.name}" on screen "${ctx.rt.screen.id}"`);
    const running = ctx.running ?? [];
    if (running.includes(a.name))
      throw new Error(`Action list "${a.name}" runs itself (${running.join(' > ')})`);
    return runActions(list, { ...ctx, running: [...running, a.name] });
  },
  async toast(a, ctx) {
    showToast(text(a.text, ctx), a.icon, a.duration);
    return true;
  },
  async dialog(a, ctx) {
    const t = ctx.rt.services.t;
    const confirmed = await confirmDialog({
      title: a.title === undefined ? undefined : text(a.title, ctx),
      content: text(a.content, ctx),
      confirmText: a.confirmText === undefined ? t('common.confirm') : text(a.confirmText, ctx),
      cancelText: a.cancelText === undefined ? t('common.cancel') : text(a.cancelText, ctx),
      withCancel: a.cancelText !== undefined || a.onCancel !== undefined,
    });
    return runActions(confirmed ? a.onConfirm : a.onCancel, ctx);
  },
  async sheet(a, ctx) {
    const title = a.title === undefined ? undefined : text(a.title, ctx);
    const chosen = await chooseFromSheet(
      title,
      a.items.map((i) => text(i.text, ctx)),
      ctx.rt.services.t('common.cancel'),
    );
    return chosen < 0 ? false : runActions(a.items[chosen].actions, ctx);
  },
  async setState(a, ctx) {
    const value = evalValue(a.value, ctx.scope(), ctx.rt.env);
    ctx.rt.state.set(setPath(ctx.rt.state.get(), a.path, value));
    return true;
  },
  async setForm(a, ctx) {
    const value = evalValue(a.value, ctx.scope(), ctx.rt.env);
    formOf(ctx, a.form).handle.setValue(a.field, value, { shouldDirty: true });
    return true;
  },
  async validate(a, ctx) {
    if (await (await loadFormKit()).validateForm(formOf(ctx, a.form), a.fields)) return true;
    await runActions(a.onInvalid, ctx);
    return false;
  },
  async signIn(a, ctx) {
    await ctx.rt.services.session.signIn(text(a.token, ctx));
    return true;
  },
  async openLogin(_a, ctx) {
    ctx.rt.services.openLogin();
    return true;
  },
  async closeLogin(_a, ctx) {
    ctx.rt.services.closeLogin();
    return true;
  },
  async logout(_a, ctx) {
    await ctx.rt.services.logout();
    return true;
  },
  async copy(a, ctx) {
    return copyText(text(a.text, ctx));
  },
  async setLang(a, ctx) {
    ctx.rt.services.setLang(text(a.lang, ctx));
    return true;
  },
  async session(a, ctx) {
    ctx.rt.services.session.set(evalValue(a.set, ctx.scope(), ctx.rt.env) as Record<string, unknown>);
    return true;
  },
  async if(a, ctx) {
    return runActions(evalExpr(a.when, ctx.scope(), ctx.rt.env) ? a.then : a.else, ctx);
  },
  async emit(a, ctx) {
    ctx.rt.events.emit(
      a.event,
      a.detail === undefined ? undefined : evalValue(a.detail, ctx.scope(), ctx.rt.env),
    );
    return true;
  },
};

/**
 * Run an action list in order. Resolves false when the chain stopped: a failed request, an invalid
 * form, a dismissed sheet, or an error; the actions after it do not run.
 */
export async function runActions(actions: Action[] | undefined, ctx: ActionContext): Promise<boolean> {
  for (const action of actions ?? []) {
    const { services, screen } = ctx.rt;
    services.analytics({
      kind: 'action',
      name: action.type,
      time: Date.now(),
      uid: (services.session.get().user?.id as string | undefined) ?? null,
      payload: { screen: screen.id, node: ctx.node?.id, ...('to' in action ? { to: action.to } : {}) },
    });
    let ok: boolean;
    try {
      ok = await (RUNNERS[action.type] as Runner<Action['type']>)(action, ctx);
    } catch (err) {
      console.error(`[engine] action "${action.type}" failed on screen "${screen.id}"`, err);
      services.analytics({
        kind: 'error',
        name: 'action',
        time: Date.now(),
        uid: null,
        payload: { screen: screen.id, action: action.type, message: String(err) },
      });
      return false;
    }
    if (!ok) return false;
  }
  return true;
}
