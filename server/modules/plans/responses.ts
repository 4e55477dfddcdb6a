/**
 * Response schemas of the plan and subscription routes. `expertSummary` (expert-summary.ts) is what every
 * plan and expert list shows of an expert; the experts module reaches it through the face.
 */
import {
  anyObject,
  arrayOf,
  bool,
  int,
  listOf,
  nullable,
  num,
  obj,
  okResponse,
  pageOf,
  str,
} from '../../http/response-schemas';
import { expertStatus } from '../certification';

export const expertSummaryProperties = {
  id: int,
  nickname: str,
  avatar: str,
  intro: str,
  predicted_count: int,
  predicted_hits: num,
  hit_rate: num,
  current_streak: num,
  best_streak: num,
};
export const expertSummary = obj(expertSummaryProperties);

export const expertStatistics = obj({
  expert_id: int,
  predicted_count: int,
  predicted_hits: num,
  hit_rate: num,
  recent_count: int,
  recent_hits: num,
  recent_hit_rate: num,
  current_streak: num,
  best_streak: num,
  windows: arrayOf(obj({ days: int, count: int, hits: num, hit_rate: num })),
  lasts: arrayOf(obj({ last: num, count: int, hits: num, hit_rate: num, results: arrayOf(bool) })),
});

const planProperties = {
  id: int,
  expert: anyObject,
  title: str,
  price: num,
  free: bool,
  lottery: str,
  play_type: str,
  mode: str,
  refund_if_not_red: bool,
  stake: nullable(num),
  issue_num: nullable(str),
  match: nullable(anyObject),
  match_count: int,
  settle_state: num,
  result: str,
  buy_count: int,
  on_sale: bool,
  close_ms: num,
  created_at: str,
};
/** a plan as lists show it (plans-service.ts) */
export const planCard = obj(planProperties);
const subscription = obj({
  id: int,
  expert_id: int,
  package_id: int,
  period: int,
  period_start: str,
  period_end: str,
  period_end_ms: int,
  auto_renew: bool,
  status: str,
  active: bool,
});

export const priceConfigsResponse = okResponse(
  listOf(obj({ id: int, price: num, free: bool, value: num, label: str })),
);
export const planHomeResponse = okResponse(
  obj({
    expert_status: expertStatus,
    reason: nullable(str),
    real_name_verified: bool,
    can_publish: bool,
    daily_quota: num,
    published_today: num,
    remaining_today: num,
    income: num,
    stats: nullable(expertSummary),
  }),
);
export const planOddsResponse = okResponse(
  listOf(obj({ match_id: int, odds: anyObject, handicap: nullable(num) })),
);
export const publishResponse = okResponse(obj({ id: int, duplicate: bool }));
export const planPageResponse = okResponse(pageOf(planCard));
export const planDetailResponse = okResponse(
  obj({
    ...planProperties,
    expert: expertSummary,
    matches: arrayOf(anyObject),
    locked: bool,
    content: nullable(str),
    is_author: bool,
    purchased: bool,
    subscribed: bool,
    balance: nullable(num),
  }),
);
export const buyResponse = okResponse(
  obj({ order_id: int, already_purchased: bool, charged: num, balance: nullable(num) }),
);
export const purchasesResponse = okResponse(
  pageOf(obj({ order_id: int, paid: num, refunded: bool, bought_at: str, plan: anyObject })),
);
export const packagesResponse = okResponse(
  obj({
    expert: expertSummary,
    packages: arrayOf(obj({ id: int, days: int, price: num, daily: num })),
    subscription: nullable(anyObject),
  }),
);
export const subscribeResponse = okResponse(
  obj({ ...subscription.properties, order_id: int, duplicate: bool }),
);
export const subscriptionsResponse = okResponse(
  pageOf(obj({ ...subscription.properties, expert: anyObject })),
);
export const subscribedExpertsResponse = okResponse(
  pageOf(obj({ ...expertSummaryProperties, subscription: anyObject })),
);
export const subscriptionResponse = okResponse(subscription);
