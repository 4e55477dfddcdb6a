/** Response schemas of the expert list, home, ranking, follow and expert-centre routes. */
import {
  anyObject,
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
import { expertStatistics, expertSummaryProperties, planCard } from '../plans';

const listed = { ...expertSummaryProperties, open_plans: num, followers: num, followed: bool };

export const expertPageResponse = okResponse(pageOf(obj(listed)));
export const expertHomeResponse = okResponse(
  obj({
    ...expertSummaryProperties,
    status: str,
    followers: num,
    followed: bool,
    subscribed: bool,
    is_self: bool,
    statistics: expertStatistics,
  }),
);
export const statisticsResponse = okResponse(expertStatistics);
export const rankingsResponse = okResponse(
  obj({
    period: str,
    since_ms: num,
    list: {
      type: 'array',
      items: obj({ rank: int, ...listed, period_count: int, period_hits: int, period_hit_rate: num }),
    },
  }),
);
export const followResponse = okResponse(obj({ expert_id: int, followed: bool }));
export const centreResponse = okResponse(
  obj({
    expert_status: expertStatus,
    reason: nullable(str),
    income: num,
    earned: num,
    from_plans: num,
    from_subscriptions: num,
    withdrawn: num,
    withdrawing: num,
    plans: anyObject,
    statistics: nullable(expertStatistics),
  }),
);
export const settlementsResponse = okResponse(
  pageOf(
    obj({
      ...planCard.properties,
      sales: num,
      refunded: num,
      refunded_amount: num,
      income: num,
    }),
  ),
);
export const adsResponse = okResponse(listOf(obj({ id: int, image: str, title: str, link: str })));
