/**
 * The chat module's face: the only file other modules, the app and the tooling import from it
 * (scripts/check-imports.ts refuses a reach past it). Everything else in this folder is private.
 */
export { blockedIds, type RoomGuard, registerRoomGuard } from './chat-service';
export { registerChatRoutes } from './routes';
