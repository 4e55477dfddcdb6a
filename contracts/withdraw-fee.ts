/**
 * The withdrawal fee quote, written once: the server charges it when a withdrawal is created and answers
 * it from the quote endpoint; the withdrawal screen shows it while the amount is typed (the expression
 * function `withdrawQuote`). Integers in minor units throughout, so both sides round the same way.
 */

/** The fee terms of the withdraw config (`GET /config/withdraw-configs`), as its JSON names them. */
export interface WithdrawFeeTerms {
  /** HKD cents one income coin is worth */
  rate_cents: number;
  fee_fixed_cents: number;
  /** percent of the HKD amount, rounded up to the cent */
  fee_percent: number;
}

export interface WithdrawQuote {
  grossCents: number;
  feeCents: number;
  receiveCents: number;
}

/** What withdrawing `amount` income coins pays out, in HKD cents. */
export function withdrawQuote(amount: number, cfg: WithdrawFeeTerms): WithdrawQuote {
  const grossCents = amount * cfg.rate_cents;
  const feeCents = cfg.fee_fixed_cents + Math.ceil((grossCents * cfg.fee_percent) / 100);
  return { grossCents, feeCents, receiveCents: Math.max(0, grossCents - feeCents) };
}
