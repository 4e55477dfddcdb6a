/**
 * The messages module's face: the only file other modules, the app and the tooling import from it
 * (scripts/check-imports.ts refuses a reach past it). Everything else in this folder is private.
 *
 * Messages owns the message centre (user_messages). Modules that cause a message (follows, news
 * comments and reactions, reports, plan settlement and subscription renewal) write it through
 * `sendMessage` (or `sendMessages`, many at once) and push counts with `pushUnread`.
 */
export type { Category, NewMessage, Unread } from './messages-service';
export { pushUnread, sendMessage, sendMessages, unreadCounts } from './messages-service';
export { registerMessagesRoutes } from './routes';
