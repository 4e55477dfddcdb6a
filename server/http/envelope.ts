/**
 * Every answer is `{code, msg, data}`. Handlers `return ok(x)`; the message is filled in from the
 * request's accept-language by the error plugin's preSerialization hook (an empty msg means "localize").
 */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function ok<T>(data: T): Envelope<T extends undefined ? null : T> {
  return { code: 0, msg: '', data: (data === undefined ? null : data) as T extends undefined ? null : T };
}

export function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Envelope).code === 'number' &&
    typeof (value as Envelope).msg === 'string' &&
    'data' in value
  );
}
