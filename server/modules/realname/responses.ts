/** Response schemas of the real-name verification routes. */
import { arrayOf, int, nullable, obj, okResponse, str } from '../../http/response-schemas';

export const identityResponse = okResponse(
  obj({
    status: str,
    reason: nullable(str),
    submission: nullable(
      obj({
        id: int,
        full_name: str,
        country: str,
        document_type: int,
        created_at: str,
        reviewed_at: nullable(str),
      }),
    ),
  }),
);
export const countriesResponse = okResponse(arrayOf(obj({ value: str, label: str })));
