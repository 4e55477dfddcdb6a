/**
 * Play types of plans: which lottery offers them and the options a pick may name. Option codes follow
 * the lottery slips: 3 home win, 1 draw, 0 away win; half/full time "3-1" (half 3, full 1); total goals
 * "0".."7" (7 = 7 or more); correct score "2:1", with "9:9" / "9:0" / "0:9" for any other draw / home
 * win / away win.
 */
export type Lottery = 'jczq' | 'bjdc' | 'ctzc';
export type PlayType = 'spf' | 'rqspf' | 'bqc' | 'zjq' | 'bf' | 'sf' | 'sfc14' | 'rx9';

/** The play types each lottery offers, the first one preselected by the publish form. */
export const PLAY_TYPES: Record<Lottery, PlayType[]> = {
  jczq: ['spf', 'rqspf', 'bqc', 'zjq', 'bf'],
  bjdc: ['sf'],
  ctzc: ['sfc14', 'rx9'],
};

export function offersPlayType(lottery: string | undefined, play: string | undefined): boolean {
  if (!lottery || !play || !Object.hasOwn(PLAY_TYPES, lottery)) return false;
  return (PLAY_TYPES[lottery as Lottery] as string[]).includes(play);
}

export const WDL_OPTIONS: readonly string[] = ['3', '1', '0'];
export const HALF_FULL_OPTIONS: readonly string[] = WDL_OPTIONS.flatMap((h) =>
  WDL_OPTIONS.map((f) => `${h}-${f}`),
);
export const TOTAL_GOALS_OPTIONS: readonly string[] = ['0', '1', '2', '3', '4', '5', '6', '7'];
export const SCORE_OPTIONS: readonly string[] = [
  ...['1:0', '2:0', '2:1', '3:0', '3:1', '3:2', '4:0', '4:1', '4:2', '5:0', '5:1', '5:2', '9:0'],
  ...['0:0', '1:1', '2:2', '3:3', '9:9'],
  ...['0:1', '0:2', '1:2', '0:3', '1:3', '2:3', '0:4', '1:4', '2:4', '0:5', '1:5', '2:5', '0:9'],
];

export function optionsOf(play: PlayType): readonly string[] {
  switch (play) {
    case 'spf':
    case 'rqspf':
    case 'sfc14':
    case 'rx9':
      return WDL_OPTIONS;
    case 'sf':
      return ['3', '0'];
    case 'bqc':
      return HALF_FULL_OPTIONS;
    case 'zjq':
      return TOTAL_GOALS_OPTIONS;
    case 'bf':
      return SCORE_OPTIONS;
  }
}
