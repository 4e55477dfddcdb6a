/** The generated covers' styles and paths (covers.ts draws them; rooms-service.ts stores the path on creation). */
export const COVER_STYLES = ['pitch', 'split', 'stripes'] as const;
export type CoverStyle = (typeof COVER_STYLES)[number];
export const coverPath = (roomId: number, style: CoverStyle) => `/live-covers/${roomId}-${style}.svg`;
