/**
 * Every API answer is `{code, msg, data}` (spec §7): code 0 is success, any other code is an entry of
 * the error catalogue. The server builds it; the app's HTTP client reads it.
 */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
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
