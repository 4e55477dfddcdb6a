/**
 * The moderation module's face: the only file other modules, the app and the tooling import from it
 * (scripts/check-imports.ts refuses a reach past it). Everything else in this folder is private.
 *
 * Moderation owns posting bans (posting_bans): the reports module sets them, the writers of content
 * (news comments, activities) check them.
 */
export { assertMayPost, bannedUntil, setPostingBan } from './bans-service';
