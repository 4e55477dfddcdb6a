/** Response schemas of the profile and upload routes. */
import { arrayOf, bool, int, nullable, num, obj, okResponse, str } from '../../http/response-schemas';

const publicUser = {
  id: int,
  user_external: str,
  nickname: str,
  desc: str,
  gender: int,
  province: str,
  city: str,
  avatar: str,
  cover_url: str,
  created_at: str,
};
/** what the owner sees of their own account (user-info.ts) */
const ownUser = obj({
  ...publicUser,
  area_code: nullable(str),
  phone: nullable(str),
  email: nullable(str),
  has_password: bool,
  role: str,
  ops_roles: arrayOf(str),
  /** the points store's perks running now: the gold fan badge, no promotional banners */
  perks: obj({ gold_badge: bool, ad_free: bool }),
});

export const userCenterResponse = okResponse(
  obj({ user: ownUser, stats: obj({ following: num, followers: num, likes: num, coins: num }) }),
);
export const ownUserResponse = okResponse(ownUser);
export const profileResponse = okResponse(obj({ ...publicUser, gold_badge: bool }));
export const attachmentsResponse = okResponse(arrayOf(obj({ url: str, name: str, size: int })));
/** the stored JPEG itself; a key without a valid signature answers the 404 envelope */
export const uploadFileResponse = {
  200: {
    description: 'the stored file',
    content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
  },
} as const;
