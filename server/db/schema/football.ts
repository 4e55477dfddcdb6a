import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Football facts: competitions, clubs, people, matches and what happens in them. Names are kept per
 * language (zhcn simplified, zhhk / zhtw traditional with their own wording where it differs, en).
 * The matches module is the only writer of match state; the feed (simulator or a real provider)
 * reaches it through that module's service.
 */
const names = {
  nameZhcn: text('name_zhcn').notNull(),
  nameZhhk: text('name_zhhk').notNull(),
  nameZhtw: text('name_zhtw').notNull(),
  nameEn: text('name_en').notNull(),
};

export const competitions = pgTable('competitions', {
  id: serial('id').primaryKey(),
  /** stable short code used by seed files and URLs, e.g. EPL, HKPL, UCL */
  code: text('code').notNull().unique(),
  ...names,
  shortZhcn: text('short_zhcn').notNull(),
  shortZhhk: text('short_zhhk').notNull(),
  shortZhtw: text('short_zhtw').notNull(),
  shortEn: text('short_en').notNull(),
  /** 'league' | 'cup' */
  kind: text('kind').notNull().default('league'),
  country: text('country').notNull(),
  season: text('season').notNull(),
  /** brand colour for the badge drawn in place of a logo image */
  color: text('color').notNull().default('#1677ff'),
  logo: text('logo').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  hot: boolean('hot').notNull().default(false),
});

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    competitionId: integer('competition_id').notNull(),
    code: text('code').notNull().unique(),
    ...names,
    shortZhcn: text('short_zhcn').notNull(),
    shortZhhk: text('short_zhhk').notNull(),
    shortZhtw: text('short_zhtw').notNull(),
    shortEn: text('short_en').notNull(),
    city: text('city').notNull().default(''),
    founded: integer('founded'),
    venueZhcn: text('venue_zhcn').notNull().default(''),
    venueZhhk: text('venue_zhhk').notNull().default(''),
    venueZhtw: text('venue_zhtw').notNull().default(''),
    venueEn: text('venue_en').notNull().default(''),
    venueCapacity: integer('venue_capacity'),
    color: text('color').notNull().default('#1677ff'),
    logo: text('logo').notNull().default(''),
    /** attack/defence ratings the simulator and odds start from (1.0 = league average) */
    attack: integer('attack_pct').notNull().default(100),
    defence: integer('defence_pct').notNull().default(100),
  },
  (t) => [index('teams_competition_idx').on(t.competitionId)],
);

/** Players and coaches: position per spec §3 (1 forward, 2 centre forward, 3 midfielder, 4 defender, 5 goalkeeper, 10 coach). */
export const people = pgTable(
  'people',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id'),
    ...names,
    position: smallint('position').notNull(),
    number: smallint('number'),
    nationality: text('nationality').notNull().default(''),
    birthDate: text('birth_date'),
    heightCm: smallint('height_cm'),
    /** market value in EUR thousands, for the database pages */
    value: integer('value_k'),
  },
  (t) => [index('people_team_idx').on(t.teamId, t.position)],
);

export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    competitionId: integer('competition_id').notNull(),
    season: text('season').notNull(),
    round: text('round').notNull().default(''),
    homeTeamId: integer('home_team_id').notNull(),
    awayTeamId: integer('away_team_id').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    /** spec §4 match status */
    status: smallint('status').notNull().default(1),
    /** minute on the match clock (0 before kick-off); injury time in `addedMinute` */
    minute: smallint('minute').notNull().default(0),
    addedMinute: smallint('added_minute').notNull().default(0),
    /** when the current period started, so clients tick the minute locally between pushes */
    periodStartedAt: timestamp('period_started_at', { withTimezone: true }),
    homeScore: smallint('home_score').notNull().default(0),
    awayScore: smallint('away_score').notNull().default(0),
    homeHalfScore: smallint('home_half_score'),
    awayHalfScore: smallint('away_half_score'),
    homePenScore: smallint('home_pen_score'),
    awayPenScore: smallint('away_pen_score'),
    homeRank: smallint('home_rank'),
    awayRank: smallint('away_rank'),
    homeRed: smallint('home_red').notNull().default(0),
    awayRed: smallint('away_red').notNull().default(0),
    homeYellow: smallint('home_yellow').notNull().default(0),
    awayYellow: smallint('away_yellow').notNull().default(0),
    homeCorners: smallint('home_corners').notNull().default(0),
    awayCorners: smallint('away_corners').notNull().default(0),
    /** running statistics: { possession: [h, a], shotsOn: [h, a], ... } */
    stats: jsonb('stats').notNull().default(sql`'{}'::jsonb`),
    /** team-support votes (spec §4: one side per user, never changed) */
    supportHome: integer('support_home').notNull().default(0),
    supportAway: integer('support_away').notNull().default(0),
    /** lottery numbering: jczq like "周六001", bjdc like "2611-001", ctzc issue like "26180" */
    jczqNum: text('jczq_num'),
    bjdcNum: text('bjdc_num'),
    ctzcIssue: text('ctzc_issue'),
    ctzcIndex: smallint('ctzc_index'),
    /** last event sequence number of this match; every pushed change carries the next one */
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    /** seed of the simulator's random stream for this match (reproducible plays) */
    simSeed: integer('sim_seed').notNull().default(0),
    hot: boolean('hot').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('matches_start_idx').on(t.startAt),
    index('matches_status_idx').on(t.status, t.startAt),
    index('matches_competition_idx').on(t.competitionId, t.startAt),
    index('matches_home_idx').on(t.homeTeamId, t.startAt),
    index('matches_away_idx').on(t.awayTeamId, t.startAt),
    index('matches_ctzc_idx').on(t.ctzcIssue),
  ],
);

/** Live events per spec §4 codes; side 0 neutral, 1 home, 2 away. */
export const matchEvents = pgTable(
  'match_events',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    code: smallint('code').notNull(),
    minute: smallint('minute').notNull(),
    addedMinute: smallint('added_minute').notNull().default(0),
    side: smallint('side').notNull().default(0),
    playerId: integer('player_id'),
    /** the assisting / incoming player, or the one replaced */
    relatedPlayerId: integer('related_player_id'),
    /** score after the event, for goal rows */
    homeScore: smallint('home_score'),
    awayScore: smallint('away_score'),
    /** pitch position 0-100 for the animation (x from home goal), optional */
    x: smallint('x'),
    y: smallint('y'),
    text: text('text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('match_events_seq_idx').on(t.matchId, t.seq)],
);

export const matchLineups = pgTable(
  'match_lineups',
  {
    matchId: integer('match_id').notNull(),
    side: smallint('side').notNull(),
    formation: text('formation').notNull(),
    coachId: integer('coach_id'),
    /** [{ personId, number, position, x, y, captain }] x/y on a 0-100 half pitch */
    starters: jsonb('starters').notNull(),
    bench: jsonb('bench').notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.side] })],
);

/** One row per match x bookmaker x market: opening line, current line and the one before it (for up/down arrows). */
export const matchOdds = pgTable(
  'match_odds',
  {
    matchId: integer('match_id').notNull(),
    bookmaker: text('bookmaker').notNull(),
    /** 'eu' win/draw/lose, 'asia' handicap, 'ou' over/under, 'jczq', 'jczq_hhad', 'bjdc_sf' */
    market: text('market').notNull(),
    opening: jsonb('opening').notNull(),
    current: jsonb('current').notNull(),
    previous: jsonb('previous'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.bookmaker, t.market] })],
);

export const matchSupports = pgTable(
  'match_supports',
  {
    matchId: integer('match_id').notNull(),
    userId: integer('user_id').notNull(),
    side: smallint('side').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.userId] })],
);

export const matchAppointments = pgTable(
  'match_appointments',
  {
    userId: integer('user_id').notNull(),
    matchId: integer('match_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.matchId] })],
);

/** Pre-match intelligence: injuries, suspensions and notes, per side. */
export const matchIntel = pgTable(
  'match_intel',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id').notNull(),
    side: smallint('side').notNull(),
    /** 'injury' | 'suspension' | 'note' */
    kind: text('kind').notNull(),
    playerId: integer('player_id'),
    textZhcn: text('text_zhcn').notNull(),
    textZhhk: text('text_zhhk').notNull(),
    textZhtw: text('text_zhtw').notNull(),
  },
  (t) => [index('match_intel_match_idx').on(t.matchId)],
);
