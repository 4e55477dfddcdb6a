/**
 * Demo accounts (documented in README): +852 91234567 / Demo1234, +852 98765432 (code login only),
 * fan@example.com / Demo1234. Only missing ones are created; the password key pair is made here too
 * so the first login does not wait for RSA key generation.
 */
import type { Db } from '../../db';
import { users } from '../../db/schema';
import { findUser, newUserExternal } from './accounts';
import { ensurePasswordKey } from './keys';
import { hashPassword } from './passwords';
import { emailTarget, phoneTarget, type Target } from './targets';

export const DEMO_PASSWORD = 'Demo1234';

interface DemoUser {
  target: Target;
  password: string | null;
  nickname: string;
  gender: number;
  desc: string;
  city: string;
}

export const DEMO_USERS: DemoUser[] = [
  {
    target: phoneTarget('852', '91234567'),
    password: DEMO_PASSWORD,
    nickname: '球迷阿明',
    gender: 1,
    desc: '週末一定睇波',
    city: '香港',
  },
  {
    target: phoneTarget('852', '98765432'),
    password: null,
    nickname: '球迷阿珍',
    gender: 2,
    desc: '',
    city: '香港',
  },
  {
    target: emailTarget('fan@example.com'),
    password: DEMO_PASSWORD,
    nickname: '足球小將',
    gender: 0,
    desc: '',
    city: '',
  },
];

export async function seedAuth(db: Db): Promise<void> {
  await ensurePasswordKey(db);
  for (const demo of DEMO_USERS) {
    if (await findUser(db, demo.target)) continue;
    const t = demo.target;
    await db
      .insert(users)
      .values({
        userExternal: newUserExternal(),
        areaCode: t.kind === 'phone' ? t.areaCode : null,
        phone: t.kind === 'phone' ? t.phone : null,
        email: t.kind === 'email' ? t.email : null,
        passwordHash: demo.password ? await hashPassword(demo.password) : null,
        nickname: demo.nickname,
        gender: demo.gender,
        desc: demo.desc,
        city: demo.city,
      })
      .onConflictDoNothing();
  }
}
