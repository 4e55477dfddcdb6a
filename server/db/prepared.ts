/**
 * Hot statements as server-side prepared statements on PGlite. PGlite (PostgreSQL in WebAssembly)
 * spends most of a small query's time PLANNING it: the purchase statement plans in ~2 ms and runs in
 * ~0.5 ms, a session lookup plans in ~0.7 ms and runs in 0.05 ms. Drizzle sends every query unnamed,
 * so it is planned again each time; a named statement is planned once (PostgreSQL switches to a
 * cached generic plan after a few runs) and then only executed.
 *
 * PGlite is one session, so `PREPARE` once per client holds for every later call. On PostgreSQL (a
 * pool of connections, fast planner) the statement simply runs as usual.
 */
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { Db } from './index';

const preparedOn = new WeakMap<PGlite, Map<string, Promise<void>>>();

type Row = Record<string, unknown>;

/**
 * The embedded database: one session, so one statement never interleaves with another's. On
 * PostgreSQL a statement that waits for a row lock keeps the snapshot it started with for its other
 * reads; a caller that needs those reads to see the lock holder's writes takes the lock first.
 */
export function isOneSession(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}

/**
 * Runs `query` (a drizzle sql`` template whose TEXT must be the same on every call for a given
 * `name`; only the parameters vary) and answers its rows. Not for use inside a transaction callback
 * (pass the root db): on PGlite the statement runs in its own implicit transaction.
 */
export async function runPrepared(db: Db, name: string, query: SQL): Promise<Row[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) {
    return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  }
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`runPrepared: bad statement name ${name}`);
  const dialect = (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } })
    .dialect;
  const { sql: text, params } = dialect.sqlToQuery(query);
  let names = preparedOn.get(client);
  if (!names) {
    names = new Map();
    preparedOn.set(client, names);
  }
  let ready = names.get(name);
  if (!ready) {
    ready = (async () => {
      const [{ rows }] = await client.exec('show standard_conforming_strings');
      if ((rows[0] as Row)?.standard_conforming_strings !== 'on')
        throw new Error('runPrepared: needs standard_conforming_strings = on');
      await client.exec(`prepare ${name} as ${text}`);
    })();
    // a failed PREPARE (bad SQL) is not remembered, so the error shows on every call
    ready.catch(() => names.delete(name));
    names.set(name, ready);
  }
  await ready;
  // EXECUTE is a utility statement: it takes no bind parameters, so the values go in as quoted
  // literals (type-less, each one coerced to the type PREPARE inferred, exactly as a bound text
  // parameter would be); EXECUTE itself is parsed, not planned. It goes over the simple-query
  // protocol (exec: query + sync, 2 calls into the WebAssembly backend) rather than query() (parse,
  // describe, bind, describe, execute, sync: 6): the gifts bench went from ~530 to ~690 sends/s.
  // The text is one EXECUTE whose every value is a literal() above, so nothing else can run.
  const args = params.map(literal).join(', ');
  const [result] = await client.exec(params.length ? `execute ${name}(${args})` : `execute ${name}`);
  return result.rows as Row[];
}

/** A value as an SQL string literal (standard_conforming_strings, checked at PREPARE: only ' is special). */
export function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  let text: string;
  if (v instanceof Date) text = v.toISOString();
  else if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`runPrepared: bad number ${v}`);
    text = String(v);
  } else if (typeof v === 'bigint' || typeof v === 'boolean') text = String(v);
  else if (typeof v === 'string') text = v;
  else text = JSON.stringify(v);
  if (text.includes('\u0000')) throw new Error('runPrepared: NUL in a parameter');
  return `'${text.replaceAll("'", "''")}'`;
}
