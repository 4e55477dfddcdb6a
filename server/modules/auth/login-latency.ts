/**
 * One-off measurement of the login budget (issue 10: password login p99 under 30 parallel attempts).
 * Not a test: run it by hand on an idle machine, `npx tsx server/modules/auth/login-latency.ts`.
 * Starts the app on a fresh copy of the test database, listens on a free port and sends real HTTP:
 * - "one account": 30 parallel password logins for one account (the guessing attack; 10 are checked);
 * - "30 accounts": 30 parallel right-password logins for 30 different accounts (all 30 run scrypt).
 * Each round is repeated; prints p50/p90/p99/max per scenario.
 */
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { users } from '../../db/schema';
import { freshPglite } from '../../test/template-db';
import { newUserExternal } from './accounts';
import { stampPassword } from './keys';
import { hashPassword } from './passwords';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const PARALLEL = 30;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const opened = await freshPglite();
  const config = {
    ...loadConfig({ ...process.env, NODE_ENV: 'test' }),
    dataDir: opened.dataDir,
    devOutbox: false,
    trustProxy: true,
  };
  const app = await buildApp({ db: opened.db, config });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const json = async (path: string, init: RequestInit = {}) => (await fetch(base + path, init)).json();
    const basic = `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`;
    const tokenOf = async () =>
      (
        await json('/prs/api/v1/token', {
          method: 'POST',
          headers: { authorization: basic, 'content-type': 'application/json' },
          body: '{}',
        })
      ).data.token as string;
    const { key, now } = (await json('/prs/api/v1/user/public-key')).data;
    const offset = now - Date.now();
    const enc = (password: string) =>
      publicEncrypt(
        { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(stampPassword(password, Date.now() + offset, randomBytes(12).toString('hex'))),
      ).toString('base64');

    const hash = await hashPassword('Bench1234');
    const phones = Array.from(
      { length: PARALLEL * ROUNDS + ROUNDS },
      (_, i) => `7${String(i).padStart(7, '0')}`,
    );
    await opened.db.insert(users).values(
      phones.map((phone) => ({
        userExternal: newUserExternal(),
        areaCode: '852',
        phone,
        passwordHash: hash,
        nickname: 'bench',
      })),
    );
    const tokens = await Promise.all(Array.from({ length: PARALLEL }, tokenOf));

    async function round(bodies: Record<string, unknown>[], ip: string) {
      return Promise.all(
        bodies.map(async (body, i) => {
          const started = performance.now();
          const r = await json('/prs/api/v1/user/login', {
            method: 'POST',
            headers: {
              authorization: `Bearer ${tokens[i]}`,
              'content-type': 'application/json',
              'x-forwarded-for': ip,
            },
            body: JSON.stringify(body),
          });
          return { ms: performance.now() - started, code: r.code as number };
        }),
      );
    }

    const report = (name: string, samples: { ms: number; code: number }[]) => {
      const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
      const codes: Record<number, number> = {};
      for (const s of samples) codes[s.code] = (codes[s.code] ?? 0) + 1;
      const f = (n: number) => n.toFixed(0).padStart(5);
      console.log(
        `${name.padEnd(12)} n=${ms.length} p50 ${f(percentile(ms, 50))} ms  p90 ${f(percentile(ms, 90))} ms  ` +
          `p99 ${f(percentile(ms, 99))} ms  max ${f(ms[ms.length - 1])} ms  answers ${JSON.stringify(codes)}`,
      );
    };

    // warm-up (key cache, decoy hash, JIT)
    await round(
      [{ login_type: 1, area_code: '852', phone: phones[phones.length - 1], password: enc('Bench1234') }],
      '10.9.9.9',
    );

    const attack: { ms: number; code: number }[] = [];
    const many: { ms: number; code: number }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const victim = phones[PARALLEL * ROUNDS + r];
      attack.push(
        ...(await round(
          Array.from({ length: PARALLEL }, (_, i) => ({
            login_type: 1,
            area_code: '852',
            phone: victim,
            password: enc(i === PARALLEL - 1 ? 'Bench1234' : `Guess${i}xx`),
          })),
          `10.8.0.${r}`,
        )),
      );
      many.push(
        ...(await round(
          Array.from({ length: PARALLEL }, (_, i) => ({
            login_type: 1,
            area_code: '852',
            phone: phones[r * PARALLEL + i],
            password: enc('Bench1234'),
          })),
          `10.7.0.${r}`,
        )),
      );
    }
    report('one account', attack);
    report('30 accounts', many);
  } finally {
    await app.close();
    await opened.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
