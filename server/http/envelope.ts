/**
 * Every answer is `{code, msg, data}`. Handlers `return ok(x)`; the message is filled in from the
 * request's accept-language by the error plugin's preSerialization hook (an empty msg means "localize").
 */
import type { Envelope } from '../../contracts/envelope';

export { type Envelope, isEnvelope } from '../../contracts/envelope';

export function ok<T>(data: T): Envelope<T extends undefined ? null : T> {
  return { code: 0, msg: '', data: (data === undefined ? null : data) as T extends undefined ? null : T };
}
