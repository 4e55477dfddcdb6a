/**
 * Titles and analyses of the demo plans, written from a match's facts (seed-facts.ts) in the three
 * scripts. A sentence is used only when its fact holds, and only sentences that back the pick are
 * chosen: a plan on the away side speaks well of the away side (or ill of the home side), never the
 * reverse. `variant` rotates the wording so two plans on similar facts read differently.
 */
import type { Lang } from '../../http/i18n';
import { count, type MatchFacts, points, type SideFacts } from './seed-facts';

export type Stance = 'home' | 'draw' | 'away';
export type PlanTexts = Record<Lang, { title: string; content: string }>;
type Tpl = Record<Lang, string>;
type Vars = Record<string, string | number>;

const L = (zhhk: string, zhcn: string, zhtw: string): Tpl => ({ zhhk, zhcn, zhtw });
const LANGS: Lang[] = ['zhhk', 'zhcn', 'zhtw'];

function fill(tpl: Tpl, lang: Lang, vars: Record<string, string | number | Tpl>): string {
  return tpl[lang].replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = vars[k];
    return typeof v === 'object' ? v[lang] : String(v ?? '');
  });
}

export const stanceOf = (pick: string): Stance => (pick === '3' ? 'home' : pick === '1' ? 'draw' : 'away');

/** A sentence that holds for these facts, for the side the pick backs. */
interface Line {
  tpl: Tpl;
  vars: Vars;
}

function sideLines(me: SideFacts, them: SideFacts, atHome: boolean, f: MatchFacts, stance: Stance): Line[] {
  const out: Line[] = [];
  const n = me.form.length;
  const w = count(me.form, 'W');
  const d = count(me.form, 'D');
  if (n >= 3 && w >= Math.ceil(n / 2))
    out.push({
      tpl: L(
        '{t}近{n}場{w}勝{d}和，狀態火熱',
        '{t}近{n}场{w}胜{d}平，状态火热',
        '{t}近{n}場{w}勝{d}和，狀態正佳',
      ),
      vars: { n, w, d },
    });
  if (n >= 3 && me.scored >= 2 * n - 2)
    out.push({
      tpl: L(
        '{t}近{n}場入{g}球，攻力十足',
        '{t}近{n}场打进{g}球，攻击力十足',
        '{t}近{n}場攻進{g}球，火力十足',
      ),
      vars: { n, g: me.scored },
    });
  if (n >= 3 && me.conceded <= n - 1)
    out.push({
      tpl: L(
        '{t}近{n}場只失{g}球，防守穩固',
        '{t}近{n}场仅丢{g}球，防守稳固',
        '{t}近{n}場僅失{g}球，防守穩固',
      ),
      vars: { n, g: me.conceded },
    });
  if (atHome)
    out.push({
      tpl: L('{t}坐鎮主場，有主場之利', '{t}坐镇主场，占据主场之利', '{t}坐鎮主場，享有地利'),
      vars: {},
    });
  const h2hMe = atHome ? f.h2h.home : f.h2h.away;
  const h2hThem = atHome ? f.h2h.away : f.h2h.home;
  if (h2hMe > h2hThem)
    out.push({
      tpl: L(
        '近{k}次對賽{t}贏{w}場，心理上佔優',
        '近{k}次交锋{t}赢{w}场，心理上占优',
        '近{k}次交手{t}贏{w}場，心理上占優',
      ),
      vars: { k: f.h2h.home + f.h2h.draw + f.h2h.away, w: h2hMe },
    });
  const odd = f.odds ? (stance === 'home' ? f.odds.home : f.odds.away) : null;
  const other = f.odds ? (stance === 'home' ? f.odds.away : f.odds.home) : null;
  if (odd !== null && other !== null && odd < other)
    out.push({
      tpl: L(
        '{side}賠率只開{x}，機構看好{t}',
        '{side}赔率只开{x}，机构看好{t}',
        '{side}賠率僅開{x}，機構看好{t}',
      ),
      vars: { x: odd.toFixed(2) },
    });
  if (odd !== null && other !== null && odd >= other && odd >= 2.6)
    out.push({
      tpl: L('{side}賠率{x}，{t}值博率高', '{side}赔率{x}，{t}性价比高', '{side}賠率{x}，{t}投報率高'),
      vars: { x: odd.toFixed(2) },
    });
  // the opponent's weaknesses back this side too; they never praise the opponent
  const tn = them.form.length;
  if (tn >= 3 && count(them.form, 'W') <= 1)
    out.push({
      tpl: L(
        '{o}近{n}場僅得{w}勝，走勢低迷',
        '{o}近{n}场仅取{w}胜，走势低迷',
        '{o}近{n}場僅拿{w}勝，走勢低迷',
      ),
      vars: { n: tn, w: count(them.form, 'W') },
    });
  if (them.absent >= 1)
    out.push({
      tpl: L(
        '{o}有{k}人傷停缺陣，陣容不整',
        '{o}有{k}人伤停缺阵，阵容不整',
        '{o}有{k}人傷停缺陣，陣容不完整',
      ),
      vars: { k: them.absent },
    });
  if (!out.length)
    out.push({ tpl: L('{t}作客出擊，力爭分數', '{t}客场出击，力争积分', '{t}客場出擊，力拚積分'), vars: {} });
  if (out.length < 2 && n >= 3)
    out.push({
      tpl: L('{t}近{n}場取得{p}分', '{t}近{n}场拿到{p}分', '{t}近{n}場拿下{p}分'),
      vars: { n, p: points(me.form) },
    });
  return out;
}

function drawLines(f: MatchFacts): Line[] {
  const out: Line[] = [];
  const a = points(f.home.form);
  const b = points(f.away.form);
  if (f.home.form.length >= 3 && f.away.form.length >= 3 && Math.abs(a - b) <= 3)
    out.push({
      tpl: L(
        '兩隊近況相若，{h}近{n}場得{a}分，{o2}得{b}分',
        '两队近况相当，{h}近{n}场得{a}分，{o2}得{b}分',
        '兩隊近況相當，{h}近{n}場拿{a}分，{o2}拿{b}分',
      ),
      vars: { n: f.home.form.length, a, b },
    });
  if (f.h2h.draw >= 1)
    out.push({
      tpl: L('近{k}次對賽有{d}場打和', '近{k}次交锋有{d}场战平', '近{k}次交手有{d}場和局'),
      vars: { k: f.h2h.home + f.h2h.draw + f.h2h.away, d: f.h2h.draw },
    });
  const goals = f.home.scored + f.away.scored;
  const games = f.home.form.length + f.away.form.length;
  if (games >= 6 && goals / games < 1.4)
    out.push({
      tpl: L('兩隊近況入球不多，悶戰機會大', '两队近期进球不多，闷战概率大', '兩隊近期進球不多，悶戰機率高'),
      vars: {},
    });
  if (f.odds)
    out.push({
      tpl: L('和局賠率{x}，有博和價值', '平局赔率{x}，有博平价值', '和局賠率{x}，有搏和價值'),
      vars: { x: f.odds.draw.toFixed(2) },
    });
  if (!out.length)
    out.push({
      tpl: L('雙方實力接近，互有顧忌', '双方实力接近，互有顾忌', '雙方實力接近，互有顧忌'),
      vars: {},
    });
  return out;
}

const TITLES: Record<Stance, Tpl[]> = {
  home: [
    L('{t}主場氣勢盛，{play}看好主勝', '{t}主场气势盛，{play}看好主胜', '{t}主場氣勢盛，{play}看好主勝'),
    L('{t}主場搶三分，{play}睇主勝', '{t}主场抢三分，{play}看主胜', '{t}主場搶三分，{play}看主勝'),
    L('{o}難擋{t}主場攻勢', '{o}难挡{t}主场攻势', '{o}難擋{t}主場攻勢'),
    L('{league}焦點：{t}主場再贏一仗', '{league}焦点：{t}主场再赢一场', '{league}焦點：{t}主場再下一城'),
  ],
  away: [
    L('{t}作客不懼，客勝有價', '{t}客场不惧，客胜有价值', '{t}作客不怕，客勝有價值'),
    L('{o}主場難守，{t}客場搶分', '{o}主场难守，{t}客场抢分', '{o}主場難守，{t}客場搶分'),
    L('{league}焦點：睇好{t}客場取勝', '{league}焦点：看好{t}客场取胜', '{league}焦點：看好{t}客場取勝'),
    L('{t}有力一拼，{play}博客勝', '{t}有力一拼，{play}博客胜', '{t}有力一拚，{play}搏客勝'),
  ],
  draw: [
    L('{h}對{a}勢均力敵，和局有價', '{h}对{a}势均力敌，平局有价值', '{h}對{a}勢均力敵，和局有價值'),
    L('{h}對{a}互有顧忌，{play}睇和', '{h}对{a}互有顾忌，{play}看平', '{h}對{a}互有顧忌，{play}看和'),
    L('{league}焦點：{h}與{a}難分高下', '{league}焦点：{h}与{a}难分高下', '{league}焦點：{h}與{a}難分高下'),
  ],
};

const PLAY = { spf: L('勝平負', '胜平负', '勝平負'), rqspf: L('讓球盤', '让球盘', '讓分盤') };
const PICK: Record<string, Tpl> = {
  '3': L('主勝', '主胜', '主勝'),
  '1': L('平', '平', '平'),
  '0': L('客勝', '客胜', '客勝'),
};
const CLOSE = L(
  '推介：{pick}。以上分析僅供參考，請理性投注，量力而為。',
  '推荐：{pick}。以上分析仅供参考，请理性投注，量力而为。',
  '推薦：{pick}。以上分析僅供參考，請理性投注，量力而為。',
);
const INTRO = L('{league}：{h}主場迎戰{a}。', '{league}：{h}主场迎战{a}。', '{league}：{h}主場迎戰{a}。');
const HANDICAP = L(
  '{h}讓{k}球，盤口上{side2}更有把握。',
  '{h}让{k}球，盘口上{side2}更有把握。',
  '{h}讓{k}球，盤口上{side2}更有把握。',
);

/** One-match plan (spf or rqspf) whose analysis backs `pick`. */
export function singlePlanTexts(
  f: MatchFacts,
  play: 'spf' | 'rqspf',
  pick: string,
  variant: number,
): PlanTexts {
  const stance = stanceOf(pick);
  const me = stance === 'away' ? f.away : f.home;
  const them = stance === 'away' ? f.home : f.away;
  const lines = stance === 'draw' ? drawLines(f) : sideLines(me, them, stance === 'home', f, stance);
  const chosen = [0, 1, 2]
    .map((i) => lines[(variant + i) % lines.length])
    .filter((l, i, all) => all.indexOf(l) === i);
  const titles = TITLES[stance];
  const title = titles[variant % titles.length];
  const out = {} as PlanTexts;
  for (const lang of LANGS) {
    const base = {
      t: me.name[lang],
      o: them.name[lang],
      h: f.home.name[lang],
      a: f.away.name[lang],
      o2: f.away.name[lang],
      league: f.league[lang],
      play: PLAY[play],
      side: PICK[stance === 'away' ? '0' : '3'],
    };
    const body = chosen.map((l) => fill(l.tpl, lang, { ...base, ...l.vars })).join('；');
    const handicap =
      play === 'rqspf' && f.hhad && f.hhad.line < 0
        ? fill(HANDICAP, lang, { ...base, k: -f.hhad.line, side2: PICK[pick === '1' ? '1' : pick] })
        : '';
    out[lang] = {
      title: fill(title, lang, base),
      content: `${fill(INTRO, lang, base)}${body}。${handicap}${fill(CLOSE, lang, { pick: PICK[pick] })}`,
    };
  }
  return out;
}

const NINE_TITLES = [
  L('第{issue}期任九：{n}場穩膽分享', '第{issue}期任九：{n}场稳胆分享', '第{issue}期任九：{n}場穩膽分享'),
  L(
    '任九第{issue}期，主力場次逐場拆解',
    '任九第{issue}期，主力场次逐场拆解',
    '任九第{issue}期，主力場次逐場分析',
  ),
  L('{issue}期任選九場：穩字當頭', '{issue}期任选九场：稳字当头', '{issue}期任選九場：穩字當頭'),
];

/** A pick-nine plan: one short, fact-backed reason per line. */
export function ninePlanTexts(
  lines: { facts: MatchFacts; pick: string }[],
  issue: string,
  variant: number,
): PlanTexts {
  const out = {} as PlanTexts;
  for (const lang of LANGS) {
    const body = lines
      .map(({ facts: f, pick }, i) => {
        const stance = stanceOf(pick);
        const me = stance === 'away' ? f.away : f.home;
        const them = stance === 'away' ? f.home : f.away;
        const reasons = stance === 'draw' ? drawLines(f) : sideLines(me, them, stance === 'home', f, stance);
        const r = reasons[(variant + i) % reasons.length];
        const vars = {
          t: me.name[lang],
          o: them.name[lang],
          h: f.home.name[lang],
          a: f.away.name[lang],
          o2: f.away.name[lang],
          side: PICK[stance === 'away' ? '0' : '3'],
          ...r.vars,
        };
        return `${f.home.name[lang]} vs ${f.away.name[lang]}：${PICK[pick][lang]}（${fill(r.tpl, lang, vars)}）`;
      })
      .join('\n');
    out[lang] = {
      title: fill(NINE_TITLES[variant % NINE_TITLES.length], lang, { issue, n: lines.length }),
      content: `${body}\n${fill(CLOSE, lang, { pick: L('見上', '见上', '見上') })}`,
    };
  }
  return out;
}
