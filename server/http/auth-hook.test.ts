import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDb } from '../db';
import { users } from '../db/schema';
import { issueSession } from '../modules/auth';
import { freshPglite, freshPostgres } from '../test/template-db';
import { registerAuthHook } from './auth-hook';
import { ok } from './envelope';
import { registerErrorHandling } from './error-plugin';

let app: FastifyInstance;
let database: OpenDb;
let visitor: string;
let member: string;

beforeAll(async () => {
  database = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : await freshPglite();
  app = Fastify({ logger: false });
  registerErrorHandling(app);
  registerAuthHook(app, database.db);
  const whoami = async (req: { auth: unknown }) => ok(req.auth);
  app.get('/mdr/api/v1/open', { config: { auth: 'none' } }, whoami);
  app.get('/mdr/api/v1/default', whoami);
  app.get('/mdr/api/v1/members', { config: { auth: 'user' } }, whoami);
  app.get('/static/file.js', whoami);
  await app.ready();
  visitor = (await issueSession(database.db, { userId: null, ttlDays: 1 })).token;
  const [{ id }] = await database.db.select({ id: users.id }).from(users).orderBy(users.id).limit(1);
  member = (await issueSession(database.db, { userId: id, ttlDays: 1 })).token;
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const get = async (url: string, token?: string) =>
  (await app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} })).json();

describe('auth modes', () => {
  it('none: open to anyone, but still recognises a valid token', async () => {
    expect(await get('/mdr/api/v1/open')).toMatchObject({ code: 0, data: { sessionId: null, userId: null } });
    expect((await get('/mdr/api/v1/open', member)).data.userId).toEqual(expect.any(Number));
    expect(await get('/mdr/api/v1/open', 'junk')).toMatchObject({ code: 0, data: { token: null } });
  });

  it('token (the default on API paths): any valid session, visitor or user', async () => {
    expect((await get('/mdr/api/v1/default')).code).toBe(100200);
    expect((await get('/mdr/api/v1/default', 'junk')).code).toBe(100201);
    const asVisitor = await get('/mdr/api/v1/default', visitor);
    expect(asVisitor).toMatchObject({ code: 0, data: { userId: null, token: visitor } });
    expect(asVisitor.data.sessionId).toEqual(expect.any(Number));
  });

  it('user: a visitor gets 110000, a logged-in user passes', async () => {
    expect((await get('/mdr/api/v1/members', visitor)).code).toBe(110000);
    expect((await get('/mdr/api/v1/members')).code).toBe(100200);
    expect((await get('/mdr/api/v1/members', member)).code).toBe(0);
  });

  it('leaves non-API paths open by default', async () => {
    expect((await get('/static/file.js')).code).toBe(0);
  });

  it('accepts the bearer scheme in any letter case', async () => {
    const res = await app.inject({
      url: '/mdr/api/v1/default',
      headers: { authorization: `bearer ${visitor}` },
    });
    expect(res.json().code).toBe(0);
  });
});
