/** Response schemas of reports and the moderation queue. */
import { arrayOf, bool, int, nullable, obj, okResponse, pageOf, str } from '../../http/response-schemas';

export const filedResponse = okResponse(obj({ id: int, status: str }));
const report = obj({
  id: int,
  kind: str,
  target_id: int,
  target_text: str,
  target_hidden: bool,
  target_parent: { anyOf: [{ type: 'null' }, obj({ type: str, id: int })] },
  target_user: { anyOf: [{ type: 'null' }, obj({ id: int, nickname: str })] },
  target_banned_until: nullable(str),
  reporter: obj({ id: int, nickname: str }),
  reason: str,
  detail: str,
  images: arrayOf(str),
  status: str,
  outcome: str,
  created_at: str,
  decided_at: nullable(str),
});
export const reportResponse = okResponse(report);
export const reportPageResponse = okResponse(pageOf(report));
