/** Response schemas of the search routes. */
import { arrayOf, int, listOf, nullable, obj, okResponse, str } from '../../http/response-schemas';
import { matchRow } from '../matches';

export const searchMatchesResponse = okResponse(
  obj({
    teams: arrayOf(
      obj({ id: int, name: str, short: str, color: str, logo: str, league_id: int, league_name: str }),
    ),
    list: arrayOf(matchRow),
    total: int,
    page: int,
    size: int,
  }),
);
export const hotKeywordsResponse = okResponse(listOf(str));

const group = <const T extends object>(item: T) => obj({ list: arrayOf(item), total: int });
const person = obj({
  id: int,
  name: str,
  name_en: str,
  position: int,
  number: nullable(int),
  team: { anyOf: [{ type: 'null' }, obj({ id: int, name: str, color: str })] },
});
const userHit = obj({ id: int, user_external: str, nickname: str, avatar: str });
export const globalSearchResponse = okResponse(
  obj({
    keyword: str,
    total: int,
    matches: group(matchRow),
    competitions: group(obj({ id: int, name: str, short: str, color: str, logo: str })),
    teams: group(
      obj({ id: int, name: str, short: str, color: str, logo: str, league_id: int, league_name: str }),
    ),
    players: group(person),
    coaches: group(person),
    news: group(obj({ id: int, kind: str, title: str, cover: str, published_at: str })),
    activities: group(obj({ id: int, text: str, nickname: str, created_at: str })),
    experts: group(userHit),
    users: group(userHit),
  }),
);
