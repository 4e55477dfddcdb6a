import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Accounts. A user signs in by phone (area_code + phone) or email; either may be absent. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** public id ("u_8f3a...") used in URLs and by other users; the serial id stays internal */
    userExternal: text('user_external').notNull().unique(),
    areaCode: text('area_code'),
    phone: text('phone'),
    email: text('email'),
    /** scrypt$N$r$p$salt$hash; null for accounts created by code login that never set one */
    passwordHash: text('password_hash'),
    nickname: text('nickname').notNull(),
    desc: text('desc').notNull().default(''),
    /** 0 hidden, 1 male, 2 female */
    gender: smallint('gender').notNull().default(0),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    coverUrl: text('cover_url').notNull().default(''),
    /** 'user' | 'operator' (operators use the console at #/ops; server routes with auth 'operator') */
    role: text('role').notNull().default('user'),
    /** an operator's console roles (contracts/ops-roles.ts: reviewer, editor, translator, admin) */
    opsRoles: text('ops_roles').array().notNull().default(sql`'{}'::text[]`),
    /** set when an account deletion took effect: personal data erased, the row kept for the ledger */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_phone_uq').on(t.areaCode, t.phone), uniqueIndex('users_email_uq').on(t.email)],
);

/**
 * One row per issued token; only the token's sha256 is stored. user_id is null for a visitor token.
 * A login revokes the user's older sessions with reason 'kicked' (answered 100203 afterwards).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    deviceUuid: text('device_uuid'),
    /** "<brand> <model>" from the client's device headers at login, for the signed-in devices list */
    device: text('device'),
    /** refreshed at most once a minute by authenticated calls (sessions.ts), for the devices list */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * 'kicked' (newer login), 'logout', 'password' (password reset or change), 'signed_out' (another
     * device chose "sign out others"), 'deletion' (account deletion requested or carried out)
     */
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId).where(sql`${t.revokedAt} is null`)],
);

/**
 * SMS and email codes. target is "<area_code>:<phone>" or a lower-cased email. A code is spent when
 * used (consumed_at) or after too many wrong attempts; only the newest unspent one per target and
 * scene counts.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    scene: text('scene').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('verification_codes_target_idx').on(t.target, t.createdAt),
    index('verification_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Image captchas, one live answer per target (the same keys as verification codes); single use. */
export const captchas = pgTable('captchas', {
  target: text('target').primaryKey(),
  answer: text('answer').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Server key pairs (RSA-OAEP for login passwords). Generated once, kept so tokens of clients stay valid. */
export const serverKeys = pgTable('server_keys', {
  kid: text('kid').primaryKey(),
  purpose: text('purpose').notNull(),
  publicPem: text('public_pem').notNull(),
  privatePem: text('private_pem').notNull(),
  createdAt: createdAt(),
});

/**
 * Attempt counters for throttling guesses (password login per account target and per IP). One row per
 * key; an attempt is counted by one conditional upsert *before* the password is checked, so parallel
 * guesses cannot all pass a count read earlier. The window starts at the first counted attempt.
 */
export const authAttempts = pgTable('auth_attempts', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/**
 * Nonces of encrypted passwords already used: the ciphertext carries its timestamp and nonce, and a
 * nonce is accepted once, so a captured ciphertext cannot log in again. Rows expire with the window.
 */
export const passwordNonces = pgTable(
  'password_nonces',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_nonces_expires_idx').on(t.expiresAt)],
);

/**
 * Account deletion requests (spec §4): pending until `effective_at` (the cooling-off period of
 * rules.json account.deletionCoolingDays); a login meanwhile revokes it; the erase job then anonymises
 * the account and marks it done. At most one pending request per user.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** signed-in uploads of this user (jpg/jpeg), JSON array of urls */
    images: text('images').notNull().default('[]'),
    /** 'pending' | 'revoked' | 'done' */
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    /** when a login revoked it, or when the erase job carried it out */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_deletions_pending_uq').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('account_deletions_due_idx').on(t.effectiveAt).where(sql`${t.status} = 'pending'`),
  ],
);
