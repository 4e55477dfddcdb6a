/** Response schemas of the chat rooms and the block list. */
import { arrayOf, bool, int, num, obj, okNull, okResponse, str } from '../../http/response-schemas';

const message = obj({
  id: int,
  room: str,
  text: str,
  created_at: str,
  created_ms: num,
  // gold_badge: the points store's gold fan badge, worn now
  user: obj({ id: int, user_external: str, nickname: str, avatar: str, gold_badge: bool }, true),
});

export const messagesResponse = okResponse(obj({ list: arrayOf(message), size: int, has_more: bool }));
export const messageResponse = okResponse(message);
export const reportedResponse = okNull;
const blocked = obj({ id: int, user_external: str, nickname: str, avatar: str, created_at: str });
/** a page of the caller's own blocks, and everyone hidden from them either way (chat widget filter) */
export const blockedPageResponse = okResponse(
  obj({ list: arrayOf(blocked), total: int, page: int, size: int, hidden_user_ids: arrayOf(int) }),
);
export const blockChangedResponse = okNull;
