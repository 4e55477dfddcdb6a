/**
 * The live module's face: the only file other modules, the app and the tooling import from it
 * (scripts/check-imports.ts refuses a reach past it). Everything else in this folder is private.
 */

/** the ffmpeg binary the media service runs (benches measure with the same one) */
export { ffmpegPath } from './media/ffmpeg';
/** the packager's encode arguments (the rendition bench measures exactly these) */
export { AUDIO_ARGS, LOW_HEIGHT, RATES, x264Args } from './media/packager';
export { registerLiveRoutes } from './routes';
export { seedLive } from './seed';
