/** Response schemas of follows and user profiles. */
import { arrayOf, bool, int, num, obj, okResponse, pageOf, str } from '../../http/response-schemas';

export const followeePageResponse = okResponse(
  pageOf(
    obj({
      id: int,
      user_external: str,
      nickname: str,
      avatar: str,
      desc: str,
      is_expert: bool,
      is_self: bool,
      relation: int,
      followed_at: str,
    }),
  ),
);
export const followStateResponse = okResponse(
  obj({
    user_id: int,
    is_self: bool,
    is_expert: bool,
    relation: int,
    following_count: int,
    follower_count: int,
    activity_count: int,
  }),
);
export const userActivitiesResponse = okResponse(
  pageOf(
    obj({
      id: int,
      text: str,
      images: arrayOf(str),
      praise_count: int,
      comment_count: int,
      created_at: str,
      created_ms: num,
    }),
  ),
);
