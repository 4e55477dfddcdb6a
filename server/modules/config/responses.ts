/** Response schemas of the reference-data and document routes. */
import { anyObject, arrayOf, bool, obj, okResponse, str } from '../../http/response-schemas';

export const countryCodesResponse = okResponse(arrayOf(obj({ letter: str, list: arrayOf(anyObject) })));
export const ipInfoResponse = okResponse(obj({ ip: str, iso: str, phone_code: str }));
export const phoneCodeResponse = okResponse(obj({ phone_code: str }));
export const hotRegionsResponse = okResponse(arrayOf(obj({ code: str, name: str }, true)));
export const regionsResponse = okResponse(arrayOf(obj({ code: str, name: str, has_children: bool }, true)));
/** `{<type>: {type, title, content}}`: one document under its own type */
export const protocolResponse = okResponse({
  type: 'object',
  minProperties: 1,
  maxProperties: 1,
  additionalProperties: obj({ type: str, title: str, content: str }),
});
