/** The `shopOrder` rules (shipping fee, payment window, auto-confirm) read through contracts/rules.ts. */
import {
  type RulesDocument,
  shopOrderRules as readRules,
  type ShopOrderRules,
} from '../../../contracts/rules';
import { rulesDocument } from '../config';

export { shippingFeeFor } from '../../../contracts/rules';

let read: { doc: RulesDocument; rules: ShopOrderRules } | null = null;

export function orderRules(): ShopOrderRules {
  const doc = rulesDocument();
  if (read?.doc !== doc) read = { doc, rules: readRules(doc) };
  return read.rules;
}
