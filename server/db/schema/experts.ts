/** Tables of the experts domain (see football.ts for conventions). */
export {};
