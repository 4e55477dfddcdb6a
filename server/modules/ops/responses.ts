/** Response schemas of the operator console: queues, details and the answers of decisions. */
import {
  arrayOf,
  int,
  nullable,
  num,
  obj,
  okResponse,
  optObj,
  pageOf,
  str,
} from '../../http/response-schemas';
import { withdrawalProperties } from '../wallet';

/** a queue page echoes the status filter when one was given */
const queue = <const T extends object>(item: T, status: object) =>
  optObj({ list: arrayOf(item), total: int, page: int, size: int, status }, [
    'list',
    'total',
    'page',
    'size',
  ]);

const reviewed = {
  reason: nullable(str),
  reviewed_by: nullable(int),
  reviewed_at: nullable(str),
  created_at: str,
};
const who = { id: int, user_id: int, user_external: str, nickname: str, avatar: str };

const realName = obj({
  ...who,
  full_name: str,
  birth_date: str,
  country: str,
  document_type: int,
  front_image: str,
  back_image: str,
  status: str,
  ...reviewed,
});
const application = obj({
  ...who,
  intro: str,
  id_front: str,
  id_back: str,
  platforms: arrayOf(obj({ name: str, screenshot: str }, true)),
  platform_names: str,
  status: int,
  ...reviewed,
});
const expert = obj({
  ...who,
  status: str,
  ban_reason: nullable(str),
  intro: str,
  created_at: str,
  updated_at: str,
});
const withdrawal = { ...withdrawalProperties, user_id: int, operator_id: nullable(int) };

export const summaryResponse = okResponse(
  obj({
    realname_pending: num,
    applications_pending: num,
    experts_approved: num,
    experts_banned: num,
    withdrawals_processing: num,
  }),
);
export const realNamePageResponse = okResponse(queue(realName, str));
export const realNameResponse = okResponse(realName);
export const applicationPageResponse = okResponse(queue(application, int));
export const applicationResponse = okResponse(application);
export const expertPageResponse = okResponse(queue(expert, str));
export const expertResponse = okResponse(expert);
export const withdrawalPageResponse = okResponse(pageOf(obj(withdrawal)));
export const withdrawalResponse = okResponse(obj({ ...withdrawal, nickname: str }));

/** one audited decision: who (operator), what (action on a target), when, why */
const auditEntry = obj({
  id: int,
  operator_id: int,
  operator_nickname: str,
  action: str,
  kind: str,
  target_type: str,
  target_id: str,
  reason: nullable(str),
  created_at: str,
  created_ms: num,
});
export const auditPageResponse = okResponse(pageOf(auditEntry));

const operatorEntry = obj({ id: int, user_external: str, nickname: str, avatar: str, roles: arrayOf(str) });
export const operatorListResponse = okResponse(obj({ list: arrayOf(operatorEntry) }));
export const operatorResponse = okResponse(operatorEntry);
