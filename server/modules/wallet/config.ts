/**
 * Wallet configuration: recharge packages, payment methods, withdrawal terms and the bank list.
 * Kept in code (not tables) because they change with releases and the seeded protocol documents
 * (recharge_protocol: HK$1 = 1 coin and the bonus table; user_donation_protocol: withdrawals of at
 * least HK$100) quote the same numbers — change both together.
 */
import type { Lang } from '../../http/i18n';

export interface RechargePackage {
  id: string;
  /** HKD cents */
  priceCents: number;
  /** coins credited in total, bonus included */
  coins: number;
  bonus: number;
  hot?: boolean;
}

/** recharge_protocol §2: HK$10→10, 50→52, 100→105, 300→320, 500→540, 1000→1100 */
export const RECHARGE_PACKAGES: readonly RechargePackage[] = [
  { id: 'hkd10', priceCents: 1000, coins: 10, bonus: 0 },
  { id: 'hkd50', priceCents: 5000, coins: 52, bonus: 2 },
  { id: 'hkd100', priceCents: 10000, coins: 105, bonus: 5, hot: true },
  { id: 'hkd300', priceCents: 30000, coins: 320, bonus: 20 },
  { id: 'hkd500', priceCents: 50000, coins: 540, bonus: 40 },
  { id: 'hkd1000', priceCents: 100000, coins: 1100, bonus: 100 },
];

/**
 * How long a recharge order may be paid (ms from creation). Past it a pending order expires: the
 * list shows it expired and a paid callback is refused (the gateway then refunds), never credited.
 */
export const RECHARGE_ORDER_TTL_MS = 30 * 60_000;

export interface PayMethod {
  id: string;
  /** false: listed so users see it, but choosing it answers 110303 (the app toasts "unsupported") */
  supported: boolean;
  name: Record<Lang, string>;
}

export const PAY_METHODS: readonly PayMethod[] = [
  {
    id: 'card',
    supported: true,
    name: { zhhk: '信用卡／扣賬卡', zhcn: '信用卡／借记卡', zhtw: '信用卡／金融卡' },
  },
  { id: 'fps', supported: false, name: { zhhk: '轉數快 FPS', zhcn: '转数快 FPS', zhtw: '轉數快 FPS' } },
  { id: 'payme', supported: false, name: { zhhk: 'PayMe', zhcn: 'PayMe', zhtw: 'PayMe' } },
  { id: 'alipayhk', supported: false, name: { zhhk: 'AlipayHK', zhcn: 'AlipayHK', zhtw: 'AlipayHK' } },
  {
    id: 'wechatpay',
    supported: false,
    name: { zhhk: 'WeChat Pay HK', zhcn: '微信支付香港', zhtw: 'WeChat Pay HK' },
  },
];

/**
 * Withdrawal terms: income coins convert at rateCents per coin; the fee comes off the HKD amount
 * (contracts/withdraw-fee.ts computes it from these terms as the config endpoint answers them).
 */
export const WITHDRAW_CONFIG = {
  /** coins; user_donation_protocol / live_use_protocol: at least HK$100 per withdrawal */
  minAmount: 100,
  maxAmount: 50000,
  /** HKD cents one income coin is worth */
  rateCents: 100,
  feeFixedCents: 0,
  /** percent of the HKD amount, rounded up to the cent */
  feePercent: 1,
  /** working days (shown to the user) */
  processingDays: 3,
} as const;

export interface Bank {
  /** HKMA bank code */
  code: string;
  name: Record<Lang, string>;
  en: string;
  color: string;
}

const bank = (code: string, zhhk: string, zhcn: string, zhtw: string, en: string, color: string): Bank => ({
  code,
  name: { zhhk, zhcn, zhtw },
  en,
  color,
});

export const BANKS: readonly Bank[] = [
  bank('004', '香港上海滙豐銀行', '香港上海汇丰银行', '香港上海匯豐銀行', 'HSBC', '#db0011'),
  bank('024', '恒生銀行', '恒生银行', '恒生銀行', 'Hang Seng Bank', '#007b5f'),
  bank(
    '012',
    '中國銀行（香港）',
    '中国银行（香港）',
    '中國銀行（香港）',
    'Bank of China (Hong Kong)',
    '#b5121b',
  ),
  bank(
    '003',
    '渣打銀行（香港）',
    '渣打银行（香港）',
    '渣打銀行（香港）',
    'Standard Chartered Hong Kong',
    '#0072aa',
  ),
  bank('015', '東亞銀行', '东亚银行', '東亞銀行', 'The Bank of East Asia', '#c8102e'),
  bank('016', '星展銀行（香港）', '星展银行（香港）', '星展銀行（香港）', 'DBS Bank (Hong Kong)', '#e30613'),
  bank('250', '花旗銀行（香港）', '花旗银行（香港）', '花旗銀行（香港）', 'Citibank (Hong Kong)', '#056dae'),
  bank(
    '072',
    '中國工商銀行（亞洲）',
    '中国工商银行（亚洲）',
    '中國工商銀行（亞洲）',
    'ICBC (Asia)',
    '#c7000b',
  ),
  bank(
    '009',
    '中國建設銀行（亞洲）',
    '中国建设银行（亚洲）',
    '中國建設銀行（亞洲）',
    'China Construction Bank (Asia)',
    '#0066b3',
  ),
  bank('040', '大新銀行', '大新银行', '大新銀行', 'Dah Sing Bank', '#e60012'),
  bank('020', '華僑銀行（香港）', '华侨银行（香港）', '華僑銀行（香港）', 'OCBC Bank (Hong Kong)', '#e2231a'),
  bank('043', '南洋商業銀行', '南洋商业银行', '南洋商業銀行', 'Nanyang Commercial Bank', '#a6192e'),
  bank(
    '018',
    '中信銀行（國際）',
    '中信银行（国际）',
    '中信銀行（國際）',
    'China CITIC Bank International',
    '#d7000f',
  ),
  bank('041', '創興銀行', '创兴银行', '創興銀行', 'Chong Hing Bank', '#c4161c'),
  bank('025', '上海商業銀行', '上海商业银行', '上海商業銀行', 'Shanghai Commercial Bank', '#00539f'),
  bank(
    '382',
    '交通銀行（香港）',
    '交通银行（香港）',
    '交通銀行（香港）',
    'Bank of Communications (Hong Kong)',
    '#1d3e8c',
  ),
  bank('387', '眾安銀行', '众安银行', '眾安銀行', 'ZA Bank', '#25d0b1'),
];

export function findBank(code: string): Bank | undefined {
  return BANKS.find((b) => b.code === code);
}

/** Cards one user may keep at once. */
export const MAX_BANK_CARDS = 5;
