/**
 * A penalty shootout after a level extra time: five rounds each, then sudden death (simulate.ts).
 */
import type { Rng } from '../../../contracts/prng';
import type { Side, SideState } from './sim-kit';
import { EV, type FeedEvent, type MatchState, STATUS, type TimelineEntry } from './types';

export function shootout(
  rng: Rng,
  state: MatchState,
  sides: Record<Side, SideState>,
  tick: () => void,
  emit: (extra: Partial<TimelineEntry>) => void,
  event: (e: Partial<FeedEvent> & { code: number }) => FeedEvent,
) {
  state.status = STATUS.PENALTIES;
  state.home_pen_score = 0;
  state.away_pen_score = 0;
  tick();
  emit({ period: true, event: event({ code: EV.SHOOTOUT_START }) });
  for (let round = 1; round <= 30; round++) {
    for (const side of [1, 2] as Side[]) {
      tick();
      const takers = sides[side].onPitch;
      const p = takers[(round * 7) % Math.max(1, takers.length)];
      const scored = rng() < 0.76;
      if (scored && side === 1) state.home_pen_score++;
      if (scored && side === 2) state.away_pen_score++;
      emit({
        event: event({
          code: scored ? EV.SHOOTOUT_GOAL : EV.SHOOTOUT_MISS,
          side,
          player_id: p?.person_id ?? null,
          x: side === 1 ? 89 : 11,
          y: 50,
        }),
      });
    }
    const h = state.home_pen_score;
    const a = state.away_pen_score;
    if (round >= 5 && h !== a) return;
  }
  state.home_pen_score++; // 30 rounds level: practically impossible; settle it
}
