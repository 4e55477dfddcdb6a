/** Response schemas of the coin wallet: balances, ledger pages, bank cards, withdrawals, recharge orders. */
import {
  arrayOf,
  bool,
  int,
  nullable,
  num,
  obj,
  okNull,
  okResponse,
  pageOf,
  str,
} from '../../http/response-schemas';

export const walletResponse = okResponse(obj({ coins: num, income: num, yun_coin: num, currency: str }));
const ledgerLine = obj({
  id: int,
  account: str,
  type: str,
  amount: num,
  balance_after: num,
  direction: str,
  ref_type: nullable(str),
  ref_id: nullable(str),
  memo: nullable(str),
  created_at: str,
  created_ms: num,
});
export const ledgerPageResponse = okResponse(pageOf(ledgerLine));
export const incomesResponse = okResponse(
  obj({ ...pageOf(ledgerLine).properties, summary: obj({ earned: num, withdrawn: num }) }),
);

export const banksResponse = okResponse(
  arrayOf(obj({ id: str, code: str, name: str, name_en: str, color: str, value: str, label: str })),
);
const userBank = obj({
  id: int,
  bank_id: str,
  bank_name: str,
  bank_color: str,
  holder_name: str,
  id_type: str,
  id_number: str,
  card_number: str,
  card_last4: str,
  branch: str,
  phone: str,
  created_at: str,
  value: num,
  label: str,
});
export const userBanksResponse = okResponse(arrayOf(userBank));
export const userBankResponse = okResponse(userBank);
export const deletedResponse = okNull;

export const withdrawConfigResponse = okResponse(
  obj({
    min_amount: num,
    max_amount: num,
    rate_cents: int,
    fee_fixed_cents: int,
    fee_percent: num,
    processing_days: num,
    currency: str,
  }),
);
export const quoteResponse = okResponse(
  obj({
    amount: num,
    gross_cents: int,
    fee_cents: int,
    fee: str,
    receive_cents: int,
    receive_amount: str,
    currency: str,
  }),
);
/** a withdrawal as its owner sees it (withdrawals-service.ts); the console adds who and by whom */
export const withdrawalProperties = {
  id: int,
  amount: num,
  /** income (coins) | ecommerce (whole HKD) */
  account: str,
  fee_cents: int,
  fee: str,
  receive_cents: int,
  receive_amount: str,
  status: str,
  reason: nullable(str),
  user_bank_id: int,
  bank_name: str,
  card_number: str,
  holder_name: str,
  created_at: str,
  created_ms: num,
  processed_at: nullable(str),
};
export const withdrawalResponse = okResponse(obj(withdrawalProperties));
export const withdrawalPageResponse = okResponse(pageOf(obj(withdrawalProperties)));

const pack = obj({
  id: str,
  price_cents: int,
  price: str,
  currency: str,
  coins: num,
  bonus: num,
  hot: bool,
});
export const packagesResponse = okResponse(
  obj({
    packages: arrayOf(pack),
    by_id: { type: 'object', additionalProperties: pack },
    pay_methods: arrayOf(obj({ id: str, name: str, supported: bool })),
  }),
);
const orderProperties = {
  order_no: str,
  package_id: str,
  coins: num,
  bonus_coins: num,
  price_cents: int,
  price: str,
  currency: str,
  pay_method: str,
  pay_method_name: str,
  status: str,
  display_status: str,
  can_pay: bool,
  expires_ms: num,
  fail_reason: nullable(str),
  created_at: str,
  created_ms: num,
  paid_at: nullable(str),
};
const order = {
  ...obj(orderProperties),
  // a new order's answer is written before the method's display name is looked up
  required: Object.keys(orderProperties).filter((k) => k !== 'pay_method_name'),
};
export const orderResponse = okResponse(order);
export const orderPageResponse = okResponse(pageOf(order));
export const payResponse = okResponse(obj({ order, pay_url: str }));
export const callbackResponse = okResponse(obj({ status: str, credited: bool }));
