/** Response schemas of the auth routes (server/http/response-schemas.ts explains how they are used). */
import { arrayOf, bool, int, nullable, num, obj, okNull, okResponse, str } from '../../http/response-schemas';

export const tokenResponse = okResponse(obj({ token: str, expires_in: num }));
export const publicKeyResponse = okResponse(obj({ kid: str, key: str, now: num }));
export const captchaResponse = okResponse(obj({ image: str }));
export const codeSentResponse = okResponse(obj({ expire_in: num, resend_in: num }));
export const loginResponse = okResponse(
  obj({ id: int, user_external: str, token: str, deletion_revoked: bool }),
);
export const ticketResponse = okResponse(obj({ ticket: str }));
const device = obj({
  id: int,
  device: str,
  created_ms: num,
  last_seen_at: str,
  last_seen_ms: num,
  current: bool,
});
export const devicesResponse = okResponse(obj({ list: arrayOf(device) }));
export const signedOutResponse = okResponse(obj({ revoked: int }));
const deletion = obj({
  id: int,
  status: str,
  reason: str,
  created_ms: num,
  effective_at: str,
  effective_ms: num,
  cooling_days: num,
});
export const deletionResponse = okResponse(deletion);
export const deletionStateResponse = okResponse(obj({ request: nullable(deletion), cooling_days: num }));
export const emptyResponse = okNull;
