/** Response schemas of the expert application routes. */
import { arrayOf, bool, int, nullable, obj, okResponse, str } from '../../http/response-schemas';

/** 'none' before any application, else the review state 0..3 (certification-service.ts) */
export const expertStatus = { type: ['integer', 'string'] } as const;

export const applyStatusResponse = okResponse(
  obj({
    status: expertStatus,
    reason: nullable(str),
    can_apply: bool,
    application: nullable(
      obj({ id: int, intro: str, platforms: arrayOf(str), created_at: str, reviewed_at: nullable(str) }),
    ),
  }),
);
