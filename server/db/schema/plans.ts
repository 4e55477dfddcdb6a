/** Tables of the plans domain (see football.ts for conventions). */
export {};
