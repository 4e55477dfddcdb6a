/** Response schemas of the AI prediction routes: a match row (the matches face) plus the model's view. */
import {
  anyObject,
  arrayOf,
  bool,
  int,
  num,
  obj,
  okResponse,
  pageOf,
  str,
} from '../../http/response-schemas';
import { matchRow } from '../matches';

const prediction = {
  prob_home: num,
  prob_draw: num,
  prob_away: num,
  pick: str,
  expected_goals: anyObject,
  likely_scores: arrayOf(anyObject),
};

const predicted = {
  ...matchRow,
  required: [...matchRow.required, ...Object.keys(prediction)],
  properties: { ...matchRow.properties, ...prediction },
} as const;

export const predictionsPageResponse = okResponse(pageOf(predicted));
export const accuracyResponse = okResponse(
  obj({
    hits: num,
    total: int,
    baseline_home_rate: num,
    rate: num,
    method: str,
    leagues: arrayOf(
      obj({ league_id: int, league_name: str, league_short: str, hits: num, total: int, rate: num }),
    ),
  }),
);
/** before enough finished results, only `prediction_available: false` and the match */
export const matchPredictionResponse = okResponse({
  ...matchRow,
  required: [...matchRow.required, 'prediction_available'],
  properties: { ...matchRow.properties, ...prediction, prediction_available: bool, outcome: str, hit: bool },
});
