/** The sandbox gateway's hosted-style page: plain server-rendered HTML, every value escaped. */
import type { Lang } from '../../http/i18n';

const TEXT: Record<Lang, Record<string, string>> = {
  zhhk: {
    title: '沙盒支付',
    note: '這是測試用支付頁面，不會產生真實扣款。',
    merchant: '商戶',
    merchantName: '球聚體育科技有限公司',
    item: '商品',
    order: '訂單號碼',
    amount: '支付金額',
    confirm: '確認支付',
    cancel: '取消支付',
    invalid: '支付連結無效或已被修改。',
  },
  zhcn: {
    title: '沙盒支付',
    note: '这是测试用支付页面，不会产生真实扣款。',
    merchant: '商户',
    merchantName: '球聚体育科技有限公司',
    item: '商品',
    order: '订单号',
    amount: '支付金额',
    confirm: '确认支付',
    cancel: '取消支付',
    invalid: '支付链接无效或已被修改。',
  },
  zhtw: {
    title: '沙盒付款',
    note: '這是測試用付款頁面，不會產生真實扣款。',
    merchant: '商店',
    merchantName: '球聚體育科技有限公司',
    item: '商品',
    order: '訂單編號',
    amount: '付款金額',
    confirm: '確認付款',
    cancel: '取消付款',
    invalid: '付款連結無效或已被修改。',
  },
};

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function pageLang(value: unknown): Lang {
  return value === 'zhcn' || value === 'zhtw' ? value : 'zhhk';
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:-apple-system,"PingFang HK","Noto Sans CJK TC",sans-serif;background:#f2f4f7;color:#1f2329}
header{background:#0b3d91;color:#fff;padding:16px;font-size:17px;font-weight:600;text-align:center}
main{max-width:480px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.note{font-size:12px;color:#86909c;margin:0 0 12px}
.row{display:flex;justify-content:space-between;gap:12px;padding:10px 0;border-bottom:1px solid #f0f1f3;font-size:14px}
.row span:first-child{color:#86909c;flex:none}.row span:last-child{text-align:right;word-break:break-all}
.amount{font-size:28px;font-weight:700;text-align:center;margin:16px 0 4px}
form{margin:0}button{width:100%;height:46px;border:0;border-radius:23px;font-size:16px;margin-top:14px}
.ok{background:#0b3d91;color:#fff}.no{background:#fff;color:#4e5969;border:1px solid #c9cdd4}`;

export interface PageModel {
  lang: Lang;
  orderNo: string;
  amountCents: number;
  currency: string;
  desc: string;
  /** hidden form fields posted back with either button */
  hidden: Record<string, string>;
  action: (what: 'confirm' | 'cancel') => string;
}

export function renderPayPage(m: PageModel): string {
  const t = TEXT[m.lang];
  const amount = `${m.currency === 'HKD' ? 'HK$' : `${m.currency} `}${(m.amountCents / 100).toFixed(2)}`;
  const hidden = Object.entries(m.hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const row = (k: string, v: string) =>
    `<div class="row"><span>${escapeHtml(k)}</span><span>${escapeHtml(v)}</span></div>`;
  return `<!doctype html><html lang="${m.lang === 'zhcn' ? 'zh-CN' : m.lang === 'zhtw' ? 'zh-TW' : 'zh-HK'}"><head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(t.title)}</title><style>${STYLE}</style></head><body>
<header>${escapeHtml(t.title)}</header><main><div class="card">
<p class="note">${escapeHtml(t.note)}</p>
<div class="amount" data-testid="sandbox-amount">${escapeHtml(amount)}</div>
${row(t.merchant, t.merchantName)}${row(t.item, m.desc)}${row(t.order, m.orderNo)}
<form method="post" action="${escapeHtml(m.action('confirm'))}">${hidden}<button class="ok" type="submit" data-testid="sandbox-confirm">${escapeHtml(t.confirm)}</button></form>
<form method="post" action="${escapeHtml(m.action('cancel'))}">${hidden}<button class="no" type="submit" data-testid="sandbox-cancel">${escapeHtml(t.cancel)}</button></form>
</div></main></body></html>`;
}

export function renderInvalidPage(lang: Lang): string {
  const t = TEXT[lang];
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(t.title)}</title><style>${STYLE}</style></head><body><header>${escapeHtml(t.title)}</header>
<main><div class="card"><p>${escapeHtml(t.invalid)}</p></div></main></body></html>`;
}
