/** Response schemas of the message centre. */
import {
  anyObject,
  bool,
  int,
  nullable,
  num,
  obj,
  okResponse,
  pageOf,
  str,
} from '../../http/response-schemas';

export const unread = obj({ follow: int, praise: int, comment: int, system: int, total: int });
export const unreadResponse = okResponse(unread);
export const messagePageResponse = okResponse(
  pageOf(
    obj({
      id: int,
      category: str,
      kind: str,
      actor: { anyOf: [{ type: 'null' }, obj({ id: int, user_external: str, nickname: str, avatar: str })] },
      target_type: nullable(str),
      target_id: nullable(int),
      text: str,
      params: anyObject,
      read: bool,
      created_at: str,
      created_ms: num,
    }),
  ),
);
