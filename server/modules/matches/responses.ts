/**
 * Response schemas of the match routes. `matchRow` is the list item every match list answers (items.ts);
 * other modules reach it through the face. Odds, lineups' players and event details are nested objects
 * described only at their top level.
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

const side = (prefix: 'home' | 'away') =>
  ({
    [`${prefix}_id`]: int,
    [`${prefix}_name`]: str,
    [`${prefix}_short`]: str,
    [`${prefix}_color`]: str,
    [`${prefix}_logo`]: str,
    [`${prefix}_rank`]: nullable(int),
    [`${prefix}_score`]: nullable(num),
    [`${prefix}_half_score`]: nullable(num),
    [`${prefix}_red`]: num,
    [`${prefix}_yellow`]: num,
    [`${prefix}_corners`]: num,
    [`${prefix}_pen_score`]: nullable(num),
  }) as Record<string, object>;

const rowProperties = {
  id: int,
  league_id: int,
  league_name: str,
  league_short: str,
  league_color: str,
  round: str,
  start_time: str,
  start_ms: num,
  status: int,
  minute: int,
  added_minute: num,
  period_started_ms: nullable(num),
  clock_speed: num,
  ...side('home'),
  ...side('away'),
  support_home: num,
  support_away: num,
  home_support_rate: num,
  away_support_rate: num,
  jczq_num: nullable(str),
  bjdc_num: nullable(str),
  seq: num,
  booked: bool,
  supported: num,
};

/** a match as every list shows it, plus what a list adds (odds, lottery index, prediction) */
export const matchRow = {
  type: 'object',
  required: Object.keys(rowProperties),
  additionalProperties: true,
  properties: rowProperties,
} as const;

export const matchPageResponse = okResponse(pageOf(matchRow));
export const leaguesResponse = okResponse(
  listOf(obj({ id: int, name: str, short: str, color: str, hot: bool, sort: int, count: int })),
);
export const matchDetailResponse = okResponse({
  ...matchRow,
  required: [...matchRow.required, 'season', 'venue_name', 'venue_capacity', 'city', 'league'],
  properties: {
    ...rowProperties,
    season: str,
    venue_name: nullable(str),
    venue_capacity: nullable(int),
    city: nullable(str),
    league: anyObject,
  },
});
export const eventsResponse = okResponse(obj({ list: arrayOf(anyObject), total: int }));
export const statisticsResponse = okResponse(
  obj({
    id: int,
    seq: num,
    status: int,
    stats: anyObject,
    list: arrayOf(obj({ key: str, home: num, away: num })),
  }),
);
const lineup = nullable(anyObject);
export const lineupsResponse = okResponse(obj({ id: int, home: lineup, away: lineup }));
export const oddsResponse = okResponse(
  listOf(
    obj({
      bookmaker: str,
      bookmaker_name: str,
      market: str,
      opening: nullable(anyObject),
      current: nullable(anyObject),
      previous: nullable(anyObject),
      updated_ms: nullable(num),
    }),
  ),
);
export const oddsHistoryResponse = okResponse(
  obj({ id: int, bookmaker: str, bookmaker_name: str, list: arrayOf(anyObject) }),
);
export const dataResponse = okResponse(
  obj({ id: int, standings: arrayOf(anyObject), fight_records: anyObject, recent: anyObject }),
);
export const intelligenceResponse = okResponse(
  obj({ id: int, home: arrayOf(anyObject), away: arrayOf(anyObject), neutral: arrayOf(anyObject) }),
);
export const supportResponse = okResponse(
  obj({
    id: int,
    support_home: num,
    support_away: num,
    home_support_rate: num,
    away_support_rate: num,
    seq: num,
    supported: num,
  }),
);
export const bookingResponse = okResponse(obj({ id: int, booked: bool }));
export const lotteryPageResponse = matchPageResponse;
export const ctzcIssuesResponse = okResponse(
  listOf(obj({ issue_num: str, count: int, start_time: str, end_time: str, last_time: str, on_sale: bool })),
);
export const ctzcMatchesResponse = okResponse(obj({ issue_num: nullable(str), list: arrayOf(matchRow) }));
export const lotteryOddsResponse = okResponse(obj({ id: int, odds: anyObject }));
