import { effectiveOpsRoles } from '../../../contracts/ops-roles';
import type { users } from '../../db/schema/auth';

type UserRow = typeof users.$inferSelect;

/** What the owner sees of their own account; phone and email only masked. */
export interface UserInfo {
  id: number;
  user_external: string;
  nickname: string;
  desc: string;
  gender: number;
  province: string;
  city: string;
  avatar: string;
  cover_url: string;
  area_code: string | null;
  phone: string | null;
  email: string | null;
  has_password: boolean;
  /** 'user' | 'operator': the app shell shows the operator console (#/ops) to operators only */
  role: string;
  /** the console roles this operator has (admin expanded to every role); [] for everyone else */
  ops_roles: string[];
  created_at: string;
}

/** What anyone may see of a user: no contact details, no account facts. */
export type PublicUserInfo = Omit<
  UserInfo,
  'area_code' | 'phone' | 'email' | 'has_password' | 'role' | 'ops_roles'
>;

/** 91234567 -> 9123****67: a fixed four stars, so the mask does not reveal the number's length. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  if (phone.length <= 4) return '****';
  const head = phone.length >= 8 ? 4 : phone.length >= 6 ? 2 : 1;
  return `${phone.slice(0, head)}****${phone.slice(-2)}`;
}

/** fanboy@example.com -> fa****@example.com */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0) return '****';
  const local = email.slice(0, at);
  return `${local.slice(0, local.length > 2 ? 2 : 1)}****${email.slice(at)}`;
}

export function publicUserInfo(u: UserRow): PublicUserInfo {
  return {
    id: u.id,
    user_external: u.userExternal,
    nickname: u.nickname,
    desc: u.desc,
    gender: u.gender,
    province: u.province,
    city: u.city,
    avatar: u.avatar,
    cover_url: u.coverUrl,
    created_at: u.createdAt.toISOString(),
  };
}

export function ownUserInfo(u: UserRow): UserInfo {
  return {
    ...publicUserInfo(u),
    area_code: u.areaCode,
    phone: maskPhone(u.phone),
    email: maskEmail(u.email),
    has_password: u.passwordHash !== null,
    role: u.role,
    ops_roles: u.role === 'operator' ? effectiveOpsRoles(u.opsRoles) : [],
  };
}
