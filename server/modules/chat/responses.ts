/** Response schemas of the chat rooms and the block list. */
import { arrayOf, bool, int, num, obj, okNull, okResponse, pageOf, str } from '../../http/response-schemas';

const message = obj({
  id: int,
  room: str,
  text: str,
  created_at: str,
  created_ms: num,
  user: obj({ id: int, user_external: str, nickname: str, avatar: str }, true),
});

export const messagesResponse = okResponse(obj({ list: arrayOf(message), size: int, has_more: bool }));
export const messageResponse = okResponse(message);
export const reportedResponse = okNull;
export const blockedPageResponse = okResponse(
  pageOf(obj({ id: int, user_external: str, nickname: str, avatar: str, created_at: str })),
);
export const blockChangedResponse = okNull;
