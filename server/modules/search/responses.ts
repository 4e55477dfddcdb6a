/** Response schemas of the search routes. */
import { arrayOf, int, listOf, obj, okResponse, str } from '../../http/response-schemas';
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
