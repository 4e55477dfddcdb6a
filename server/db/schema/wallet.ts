/** Tables of the wallet domain (see football.ts for conventions). */
export {};
