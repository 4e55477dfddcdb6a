/** Tables of the chat domain (see football.ts for conventions). */
export {};
