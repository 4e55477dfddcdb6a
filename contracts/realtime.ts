/**
 * The websocket wire (`/ws?token=`), one declaration for the server's hub and the app's realtime client.
 * server -> client:
 *   {type:'ready'}                       the socket is attached (session messages and topics flow)
 *   {type:'kicked'}                      the session was revoked by a newer login (socket closes after)
 *   {type:'logout'}                      the session ended (logout, password reset); socket closes after
 *   {type:'event', seq, topic, data}     published on a subscribed topic; seq increases per topic
 *   {type:'reset', topic, seq}           a resume could not be replayed: refetch what the topic covers
 *   {type:'subscribed', topic, seq?}, {type:'unsubscribed', topic}, {type:'error', code?, reason}
 * client -> server: {type:'sub'|'subscribe', topic, since?}, {type:'unsub'|'unsubscribe', topic},
 *   {type:'ping'} (answered {type:'pong'}). With `since` (the last seq the client saw) the server first
 *   sends what the client missed, or a reset when its replay buffer no longer reaches back that far.
 */

/** Close codes the app acts on: kicked and logout end the session, auth-failed asks for a fresh token. */
export const KICKED_CLOSE_CODE = 4001;
export const LOGOUT_CLOSE_CODE = 4002;
/** the client stopped reading; it may reconnect and resume */
export const SLOW_CLIENT_CLOSE_CODE = 4008;
export const AUTH_FAILED_CLOSE_CODE = 4401;

export type ClientMessage =
  | { type: 'sub' | 'subscribe'; topic: string; since?: number }
  | { type: 'unsub' | 'unsubscribe'; topic: string }
  | { type: 'ping' };

/** Sent to every socket of one session, from whichever node holds it. */
export type SessionMessage = { type: 'kicked' } | { type: 'logout' };

export type ServerMessage =
  | SessionMessage
  | { type: 'ready' }
  | { type: 'pong' }
  | { type: 'event'; seq: number; topic: string; data: unknown }
  | { type: 'reset'; topic: string; seq: number }
  | { type: 'subscribed'; topic: string; seq?: number }
  | { type: 'unsubscribed'; topic: string }
  | { type: 'error'; reason?: string; code?: number; msg?: string; topic?: string };

/** An event frame starts with this, so a relay can read its seq without parsing the payload. */
export const EVENT_HEAD = '{"type":"event","seq":';

/** A frame as read off the wire, before its type is trusted: any object with a string `type`. */
export interface Frame {
  type: string;
  [key: string]: unknown;
}

export function readFrame(text: string): Frame | null {
  try {
    const msg = JSON.parse(text);
    return msg && typeof msg === 'object' && typeof msg.type === 'string' ? msg : null;
  } catch {
    return null;
  }
}

/**
 * What a topic's listeners get instead of the missed events when a resume could not be replayed
 * (the app's realtime client turns a `reset` frame into it): refetch what the topic covers.
 */
export interface ResetNotice {
  kind: 'reset';
  topic: string;
}

export const resetNotice = (topic: string): ResetNotice => ({ kind: 'reset', topic });

export function isResetNotice(data: unknown): data is ResetNotice {
  return typeof data === 'object' && data !== null && (data as ResetNotice).kind === 'reset';
}

/**
 * What a topic's listeners get when the server refuses the subscription (`forbidden`: the topic's guard
 * said no, e.g. a viewer banned from a live room) or drops it (`evicted`: a ban imposed while watching).
 * The app's realtime client stops asking for that topic (no re-subscribe on reconnect) until every
 * listener has left and one subscribes again; `msg` is the server's text in the session's language.
 */
export interface RefusedNotice {
  kind: 'refused';
  topic: string;
  reason: 'forbidden' | 'evicted';
  code?: number;
  msg?: string;
}

export function refusedNotice(topic: string, frame: Frame): RefusedNotice | null {
  if (frame.type !== 'error' || (frame.reason !== 'forbidden' && frame.reason !== 'evicted')) return null;
  return {
    kind: 'refused',
    topic,
    reason: frame.reason,
    ...(typeof frame.code === 'number' ? { code: frame.code } : {}),
    ...(typeof frame.msg === 'string' ? { msg: frame.msg } : {}),
  };
}

export function isRefusedNotice(data: unknown): data is RefusedNotice {
  return typeof data === 'object' && data !== null && (data as RefusedNotice).kind === 'refused';
}
