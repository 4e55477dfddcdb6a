/** Response schemas of the news routes (feed, detail, comments, reactions, console). */
import {
  arrayOf,
  bool,
  int,
  nullable,
  num,
  obj,
  okNull,
  okResponse,
  pageOf,
  str,
} from '../../http/response-schemas';

const itemProps = {
  id: int,
  kind: { type: 'string', enum: ['article', 'report'] },
  automatic: bool,
  title: str,
  summary: str,
  cover: str,
  published_at: str,
  published_ms: num,
  competition: { anyOf: [{ type: 'null' }, obj({ id: int, name: str, color: str })] },
  clubs: arrayOf(obj({ id: int, name: str })),
  match_id: nullable(int),
  views: int,
  praise_count: int,
  comment_count: int,
  collect_count: int,
} as const;

export const feedItem = obj(itemProps);
export const feedResponse = okResponse(pageOf(feedItem));
export const detailResponse = okResponse(obj({ ...itemProps, body: str, praised: bool, collected: bool }));
export const myListResponse = okResponse(pageOf(obj({ ...itemProps, reacted_at: str })));

const user = obj({ id: int, user_external: str, nickname: str, avatar: str });
const commentProps = {
  id: int,
  parent_id: nullable(int),
  text: str,
  created_at: str,
  created_ms: num,
  user,
  reply_to: { anyOf: [{ type: 'null' }, obj({ id: int, nickname: str })] },
} as const;
export const comment = obj(commentProps);
export const commentsResponse = okResponse(
  pageOf(obj({ ...commentProps, reply_count: int, replies: arrayOf(comment) })),
);
export const commentResponse = okResponse(obj({ ...commentProps, comment_count: int }));
export const reactionResponse = okResponse(
  obj({
    id: int,
    praised: bool,
    collected: bool,
    praise_count: int,
    comment_count: int,
    collect_count: int,
  }),
);

export const opsListResponse = okResponse(pageOf(obj({ ...itemProps, hidden: bool, updated_at: str })));
export const opsArticleResponse = okResponse(
  obj({
    id: int,
    kind: str,
    hidden: bool,
    title_zhhk: str,
    title_zhcn: str,
    title_zhtw: str,
    summary_zhhk: str,
    summary_zhcn: str,
    summary_zhtw: str,
    body_zhhk: str,
    body_zhcn: str,
    body_zhtw: str,
    cover: str,
    competition_id: nullable(int),
    club_ids: arrayOf(int),
    player_ids: arrayOf(int),
  }),
);
export const opsChangedResponse = okNull;

const activityProps = {
  id: int,
  text: str,
  images: arrayOf(str),
  created_at: str,
  created_ms: num,
  user,
  match: { anyOf: [{ type: 'null' }, obj({ id: int, title: str })] },
  club: { anyOf: [{ type: 'null' }, obj({ id: int, name: str })] },
  praise_count: int,
  comment_count: int,
  collect_count: int,
} as const;
export const activityPageResponse = okResponse(pageOf(obj(activityProps)));
export const activityResponse = okResponse(obj({ ...activityProps, praised: bool, collected: bool }));

export const hotListResponse = okResponse(
  obj({
    ...pageOf(
      obj({
        rank: int,
        type: { type: 'string', enum: ['news', 'activity'] },
        score: int,
        news: { anyOf: [{ type: 'null' }, feedItem] },
        activity: { anyOf: [{ type: 'null' }, obj(activityProps)] },
      }),
    ).properties,
    window_hours: int,
  }),
);
