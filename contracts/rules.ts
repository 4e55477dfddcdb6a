/**
 * The one reader of the rules document (`screens/rules.json`, and later the version an operator
 * publishes): every caller hands the document in, so the source can change without the readers.
 * A rule is written plain or documented as `{value, unit, description}`; readers want the value.
 * An already unwrapped document (the engine's `rules` scope) reads the same, since a plain value is
 * its own value.
 */

/** The rules document as stored: groups of named rules (see schemas/rules.schema.json). */
export type RulesDocument = Readonly<Record<string, unknown>>;

/** groups -> name -> value, as expressions read it (`rules.profile.nicknameMax` is 20, not an object). */
export type RuleValues = Record<string, Record<string, unknown>>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const ruleValue = (rule: unknown): unknown => (isObject(rule) && 'value' in rule ? rule.value : rule);

export function ruleValues(doc: RulesDocument): RuleValues {
  const out: RuleValues = {};
  for (const [group, entries] of Object.entries(doc)) {
    if (group === '$schema' || !isObject(entries)) continue;
    const values: Record<string, unknown> = {};
    for (const [name, rule] of Object.entries(entries)) values[name] = ruleValue(rule);
    out[group] = values;
  }
  return out;
}

/**
 * The numeric rules of one group, each falling back to its documented default when the document
 * lacks it or holds something that is not a number (`min` refuses smaller values too).
 */
function numbers<T extends { [K in keyof T]: number }>(
  doc: RulesDocument,
  group: string,
  defaults: T,
  min = -Infinity,
): T {
  const entries = isObject(doc[group]) ? doc[group] : {};
  const out: T = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T & string)[]) {
    const v = ruleValue(entries[key]);
    if (typeof v === 'number' && Number.isFinite(v) && v > min) out[key] = v as T[typeof key];
  }
  return out;
}

/** Spec §5 plan limits (`plan.*`). */
export interface PlanRules {
  contentMin: number;
  titleMax: number;
  comboMatchesMin: number;
  comboMatchesMax: number;
  pickNineCount: number;
  fourteenMatchCount: number;
  doublePickOddsMin: number;
  halfFullPicksMax: number;
  stakeMaxHkd: number;
  stakeMaxHkdAltMode: number;
  dailyPublishQuota: number;
  expertSharePercent: number;
}

const PLAN_DEFAULTS: PlanRules = {
  contentMin: 50,
  titleMax: 40,
  comboMatchesMin: 2,
  comboMatchesMax: 8,
  pickNineCount: 9,
  fourteenMatchCount: 14,
  doublePickOddsMin: 2.1,
  halfFullPicksMax: 3,
  stakeMaxHkd: 10000,
  stakeMaxHkdAltMode: 2000,
  dailyPublishQuota: 5,
  expertSharePercent: 70,
};

export function planRules(doc: RulesDocument): PlanRules {
  return numbers(doc, 'plan', PLAN_DEFAULTS);
}

/** Chat limits (`chat.*`): the server enforces them, the chat widget shows them. */
export interface ChatRules {
  messageMax: number;
  minIntervalMs: number;
  perMinute: number;
  reportReasonMax: number;
  historyPageSize: number;
}

const CHAT_DEFAULTS: ChatRules = {
  messageMax: 200,
  minIntervalMs: 2000,
  perMinute: 10,
  reportReasonMax: 100,
  historyPageSize: 30,
};

/** A zero or negative chat limit would stop every message: such a value falls back to the default. */
export function chatRules(doc: RulesDocument): ChatRules {
  return numbers(doc, 'chat', CHAT_DEFAULTS, 0);
}

/** Account deletion (`account.*`, spec §4 and §5): the cooling-off period and the request's limits. */
export interface AccountRules {
  deletionCoolingDays: number;
  deletionReasonMax: number;
  deletionImagesMax: number;
}

const ACCOUNT_DEFAULTS: AccountRules = {
  deletionCoolingDays: 15,
  deletionReasonMax: 200,
  deletionImagesMax: 3,
};

export function accountRules(doc: RulesDocument): AccountRules {
  return numbers(doc, 'account', ACCOUNT_DEFAULTS, 0);
}

/**
 * Shop orders (`shopOrder.*`, spec §4): the flat shipping fee and the order total from which shipping is
 * free (HKD minor units), how long an unpaid order waits before it is cancelled and its stock released,
 * and how long a shipped order waits before it counts as received.
 */
export interface ShopOrderRules {
  /** HKD minor units (the document says whole dollars: `shippingFeeHkd`) */
  shippingFeeCents: number;
  /** HKD minor units (`freeShippingFromHkd`) */
  freeShippingFromCents: number;
  payTimeoutMinutes: number;
  autoConfirmDays: number;
  /** days a received order waits for its review before it completes by itself (its points credited) */
  reviewWindowDays: number;
  linesMax: number;
}

const SHOP_ORDER_DEFAULTS = {
  shippingFeeHkd: 30,
  freeShippingFromHkd: 500,
  payTimeoutMinutes: 30,
  autoConfirmDays: 7,
  reviewWindowDays: 15,
  linesMax: 50,
};

/** Negative fees or a zero timeout would be nonsense: such values fall back to the defaults. */
export function shopOrderRules(doc: RulesDocument): ShopOrderRules {
  const r = numbers(doc, 'shopOrder', SHOP_ORDER_DEFAULTS, -1);
  const positive = (k: 'payTimeoutMinutes' | 'autoConfirmDays' | 'reviewWindowDays' | 'linesMax') =>
    r[k] > 0 ? r[k] : SHOP_ORDER_DEFAULTS[k];
  return {
    shippingFeeCents: Math.round(r.shippingFeeHkd * 100),
    freeShippingFromCents: Math.round(r.freeShippingFromHkd * 100),
    payTimeoutMinutes: positive('payTimeoutMinutes'),
    autoConfirmDays: positive('autoConfirmDays'),
    reviewWindowDays: positive('reviewWindowDays'),
    linesMax: Math.floor(positive('linesMax')),
  };
}

/** The shipping fee of an order whose goods cost `goodsCents` (HKD minor units). */
export function shippingFeeFor(rules: ShopOrderRules, goodsCents: number): number {
  return goodsCents >= rules.freeShippingFromCents ? 0 : rules.shippingFeeCents;
}

/**
 * Promotion income (`promo.*`, issue 12 item 7): the sharer's commission, in basis points of the order's
 * paid goods amount, credited when the order is completed (the buyer's review).
 */
export interface PromoRules {
  /** 500 = 5 % */
  commissionBp: number;
}

export function promoRules(doc: RulesDocument): PromoRules {
  const r = numbers(doc, 'promo', { commissionPercent: 5, creditOn: 0 }, -1);
  const pct = r.commissionPercent >= 0 && r.commissionPercent <= 100 ? r.commissionPercent : 5;
  return { commissionBp: Math.round(pct * 100) };
}
