/**
 * Onboarding of experts: real-name checks, expert applications, the experts themselves, and the
 * operators' audit trail. Plans, stats and income of experts live in the plans/wallet tables, keyed by
 * the same user id. Images are referenced by their attachment URL (the uploader's own attachments).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Real-name submissions. status: 'pending' | 'approved' | 'rejected'. At most one pending row per
 * user (partial unique index), so two submissions racing cannot both wait for review.
 */
export const realNameVerifications = pgTable(
  'real_name_verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    /** ISO code from the countries table */
    country: text('country').notNull(),
    /** 1 ID card, 2 passport, 3 driver licence */
    documentType: smallint('document_type').notNull(),
    frontUrl: text('front_url').notNull(),
    backUrl: text('back_url').notNull(),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: at('reviewed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('real_name_user_idx').on(t.userId, t.id),
    uniqueIndex('real_name_one_pending_uq').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('real_name_status_idx').on(t.status, t.id),
  ],
);

/**
 * Expert applications. status (spec §4): 0 under review, 1 approved, 2 failed (may reapply).
 * Banning (3) is a state of the expert, not of an application. One under-review row per user.
 */
export const expertApplications = pgTable(
  'expert_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    intro: text('intro').notNull(),
    idFrontUrl: text('id_front_url').notNull(),
    idBackUrl: text('id_back_url').notNull(),
    /** [{ name, screenshot }] 1 to 3 platforms */
    platforms: jsonb('platforms').$type<{ name: string; screenshot: string }[]>().notNull(),
    status: smallint('status').notNull().default(0),
    reason: text('reason'),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: at('reviewed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('expert_app_user_idx').on(t.userId, t.id),
    uniqueIndex('expert_app_one_review_uq').on(t.userId).where(sql`${t.status} = 0`),
    index('expert_app_status_idx').on(t.status, t.id),
  ],
);

/** Certified experts. status: 'approved' | 'banned' (banned from publishing, with ban_reason). */
export const experts = pgTable(
  'experts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('approved'),
    banReason: text('ban_reason'),
    intro: text('intro').notNull().default(''),
    applicationId: integer('application_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('experts_status_idx').on(t.status)],
);

/** Every operator decision: who, when, on what, and the outcome. Written in the decision's transaction. */
export const opsAudit = pgTable(
  'ops_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id').notNull(),
    /** e.g. 'realname.approve', 'expert.reject', 'expert.ban', 'withdrawal.paid' */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ops_audit_target_idx').on(t.targetType, t.targetId),
    index('ops_audit_created_idx').on(t.createdAt),
  ],
);
