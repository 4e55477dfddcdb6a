/** Response schemas of the database routes; match items are the matches module's `matchRow`. */
import {
  anyObject,
  arrayOf,
  bool,
  int,
  nullable,
  num,
  obj,
  okResponse,
  str,
} from '../../http/response-schemas';
import { matchRow } from '../matches';

const competition = obj(
  {
    id: int,
    code: str,
    name: str,
    short: str,
    color: str,
    kind: str,
    country: str,
    region: str,
    season: str,
    hot: bool,
  },
  true,
);
const team = obj({ id: int, name: str, short: str, color: str, logo: str });
const person = obj({ id: int, name: nullable(str), number: nullable(int), position: int });
const zone = obj({ key: str, color: str, from: int, to: int });
const tableRow = obj(
  {
    team_id: int,
    team_name: str,
    team_short: str,
    team_color: str,
    played: int,
    win: int,
    draw: int,
    lose: int,
    goals_for: int,
    goals_against: int,
    goal_diff: int,
    points: int,
    rank: int,
    zone: nullable(str),
    zone_color: nullable(str),
  },
  true,
);
const leader = obj(
  {
    rank: int,
    player_id: int,
    player_name: nullable(str),
    player_label: str,
    number: nullable(int),
    position: int,
    team_id: int,
    team_name: str,
    team_short: str,
    team_color: str,
    goals: int,
    penalty_goals: int,
    assists: int,
  },
  true,
);
const transfer = obj({
  id: int,
  type: int,
  date: str,
  month: str,
  player: person,
  from: nullable(team),
  to: nullable(team),
});
const totals = obj(
  {
    appearances: int,
    starts: int,
    minutes: int,
    goals: int,
    penalty_goals: int,
    own_goals: int,
    assists: int,
    yellow: int,
    red: int,
    rating: nullable(num),
    rated_matches: int,
  },
  true,
);
const resultItem = { ...matchRow, properties: { ...matchRow.properties, result: str } };

export const competitionsResponse = okResponse(
  obj({
    hot: arrayOf(competition),
    regions: arrayOf(obj({ key: str, list: arrayOf(competition) })),
    today: arrayOf(matchRow),
  }),
);

export const competitionResponse = okResponse(
  obj(
    {
      id: int,
      code: str,
      name: str,
      season: str,
      team_count: int,
      rounds: arrayOf(str),
      current_round: str,
      played: int,
      total: int,
      standings: arrayOf(tableRow),
      zones: arrayOf(zone),
      scorers: arrayOf(leader),
      assists: arrayOf(leader),
      team_stats: arrayOf(anyObject),
    },
    true,
  ),
);

export const roundResponse = okResponse(
  obj({
    id: int,
    season: str,
    round: str,
    current_round: str,
    rounds: arrayOf(str),
    list: arrayOf(matchRow),
  }),
);

export const teamResponse = okResponse(
  obj(
    {
      id: int,
      name: str,
      short: str,
      color: str,
      league: obj({ id: int, name: str, short: str, season: str }),
      venue: obj({ name: nullable(str), capacity: nullable(int), city: nullable(str) }),
      founded: nullable(int),
      coach: nullable(person),
      squad: arrayOf(obj({ position: int, list: arrayOf(anyObject) })),
      standing: nullable(anyObject),
      stats: anyObject,
      results: arrayOf(resultItem),
      fixtures: arrayOf(matchRow),
      transfers: arrayOf(transfer),
    },
    true,
  ),
);

export const playerResponse = okResponse(
  obj(
    {
      id: int,
      name: nullable(str),
      name_en: nullable(str),
      number: nullable(int),
      position: int,
      nationality: nullable(str),
      birth_date: nullable(str),
      age: nullable(int),
      height_cm: nullable(int),
      team: nullable(team),
      season: nullable(str),
      stats: totals,
      competitions: arrayOf(anyObject),
      matches: arrayOf(obj({ match_id: int, goals: int, assists: int, match: matchRow }, true)),
      transfers: arrayOf(transfer),
    },
    true,
  ),
);

export const coachResponse = okResponse(
  obj(
    {
      id: int,
      name: nullable(str),
      name_en: nullable(str),
      position: int,
      nationality: nullable(str),
      birth_date: nullable(str),
      age: nullable(int),
      team: nullable(team),
      season: nullable(str),
      record: obj({ played: int, win: int, draw: int, lose: int }),
      results: arrayOf(resultItem),
      fixtures: arrayOf(matchRow),
    },
    true,
  ),
);

export const transfersResponse = okResponse(
  obj({
    player: nullable(person),
    team: nullable(team),
    list: arrayOf(transfer),
  }),
);
