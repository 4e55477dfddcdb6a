/** Response schemas of the auth routes (server/http/response-schemas.ts explains how they are used). */
import { int, num, obj, okNull, okResponse, str } from '../../http/response-schemas';

export const tokenResponse = okResponse(obj({ token: str, expires_in: num }));
export const publicKeyResponse = okResponse(obj({ kid: str, key: str, now: num }));
export const captchaResponse = okResponse(obj({ image: str }));
export const codeSentResponse = okResponse(obj({ expire_in: num, resend_in: num }));
export const loginResponse = okResponse(obj({ id: int, user_external: str, token: str }));
export const emptyResponse = okNull;
