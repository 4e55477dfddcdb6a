/**
 * Generated avatars for people who never uploaded one: DiceBear's "notionists" style (MIT code,
 * CC0 art), drawn on the server from a seed, so the same user always gets the same face and the web
 * bundle carries no avatar code. The seed is the user's public id (user_external), never the serial id.
 */
import { createAvatar } from '@dicebear/core';
import * as notionists from '@dicebear/notionists';

/** Soft backgrounds that sit well on the app's white cards. */
const BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf', 'c7f0d8'];

export const AVATAR_PATH = '/mdr/api/v1/avatars/';

/** Where a user's avatar is: the uploaded one, or the generated one for their id. */
export function avatarUrl(user: { userExternal: string; avatar?: string | null }): string {
  return user.avatar ? user.avatar : `${AVATAR_PATH}${user.userExternal}.svg`;
}

// a page of experts asks for the same dozen faces again and again: keep the last few hundred
const cache = new Map<string, string>();
const CACHE_MAX = 500;

export function avatarSvg(seed: string): string {
  const hit = cache.get(seed);
  if (hit) return hit;
  const svg = createAvatar(notionists, { seed, size: 96, backgroundColor: BACKGROUNDS }).toString();
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(seed, svg);
  return svg;
}
