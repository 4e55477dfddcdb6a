import { escapeHtml, type ReportFacts, type Script } from './report-facts';

/** Words of each script (written text, not app chrome: the report is content like an article). */
const W: Record<Script, Record<string, string>> = {
  zhhk: {
    beat: '擊敗',
    drew: '賽和',
    lostTo: '不敵',
    at: '主場',
    away: '作客',
    half: '半場',
    goals: '入球',
    moments: '關鍵時刻',
    numbers: '數據',
    possession: '控球率',
    shots: '射門（射正）',
    corners: '角球',
    yellow: '黃牌',
    red: '紅牌',
    pen: '（十二碼）',
    own: '（烏龍球）',
    minute: '分鐘',
    brace: '梅開二度',
    hat: '大演帽子戲法',
    winner: '絕殺',
    goalless: '雙方互交白卷',
    sentOff: '被逐離場',
    penMiss: '射失十二碼',
    auto: '本文由系統根據比賽數據自動生成，比分、入球及數據以比賽頁為準。',
    sep: '：',
    comma: '，',
    stop: '。',
    noGoals: '全場沒有入球。',
    unnamed: '{club}嘅球員名單未有資料，球員以球衣號碼及位置標示（同陣容頁一樣）。',
    finalScore: '完場比數',
  },
  zhcn: {
    beat: '击败',
    drew: '战平',
    lostTo: '不敌',
    at: '主场',
    away: '客场',
    half: '半场',
    goals: '进球',
    moments: '关键时刻',
    numbers: '数据',
    possession: '控球率',
    shots: '射门（射正）',
    corners: '角球',
    yellow: '黄牌',
    red: '红牌',
    pen: '（点球）',
    own: '（乌龙球）',
    minute: '分钟',
    brace: '梅开二度',
    hat: '上演帽子戏法',
    winner: '绝杀',
    goalless: '双方互交白卷',
    sentOff: '被罚下场',
    penMiss: '罚失点球',
    auto: '本文由系统根据比赛数据自动生成，比分、进球及数据以比赛页为准。',
    sep: '：',
    comma: '，',
    stop: '。',
    noGoals: '全场没有进球。',
    unnamed: '{club}的球员名单暂无资料，球员以球衣号码及位置标示（与阵容页一致）。',
    finalScore: '全场比分',
  },
  zhtw: {
    beat: '擊敗',
    drew: '戰平',
    lostTo: '不敵',
    at: '主場',
    away: '客場',
    half: '半場',
    goals: '進球',
    moments: '關鍵時刻',
    numbers: '數據',
    possession: '控球率',
    shots: '射門（射正）',
    corners: '角球',
    yellow: '黃牌',
    red: '紅牌',
    pen: '（點球）',
    own: '（烏龍球）',
    minute: '分鐘',
    brace: '梅開二度',
    hat: '上演帽子戲法',
    winner: '絕殺',
    goalless: '雙方互交白卷',
    sentOff: '被罰出場',
    penMiss: '罰失點球',
    auto: '本文由系統根據比賽數據自動產生，比分、進球及數據以比賽頁為準。',
    sep: '：',
    comma: '，',
    stop: '。',
    noGoals: '全場沒有進球。',
    unnamed: '{club}的球員名單尚無資料，球員以球衣號碼及位置標示（與陣容頁一致）。',
    finalScore: '全場比分',
  },
};

const clock = (minute: number, added: number) => (added > 0 ? `${minute}+${added}'` : `${minute}'`);

export interface ReportText {
  title: string;
  summary: string;
  body: string;
}

/** The report in one script. Plain-text title and summary; the body is escaped HTML. */
export function writeReport(f: ReportFacts, s: Script): ReportText {
  const w = W[s];
  const h = f.home[s];
  const a = f.away[s];
  const score = `${f.homeScore}:${f.awayScore}`;
  const team = (side: 1 | 2) => (side === 1 ? h : a);
  // the headline's hook: a hat-trick or brace, a late winner, a goalless draw
  const tally = new Map<number, { n: number; name: Record<Script, string> }>();
  // only named people make a headline: an unnamed squad slot is a shirt number, not a person
  for (const g of f.goals)
    if (g.kind !== 'own' && g.scorerId && g.scorer && !g.scorerUnnamed) {
      const t = tally.get(g.scorerId) ?? { n: 0, name: g.scorer };
      t.n++;
      tally.set(g.scorerId, t);
    }
  const top = [...tally.values()].sort((x, y) => y.n - x.n)[0];
  const last = f.goals[f.goals.length - 1];
  const margin = Math.abs(f.homeScore - f.awayScore);
  let hook = '';
  if (top && top.n >= 3) hook = `${w.comma}${top.name[s]}${w.hat}`;
  else if (top && top.n === 2) hook = `${w.comma}${top.name[s]}${w.brace}`;
  else if (
    margin === 1 &&
    last &&
    last.minute >= 85 &&
    last.side === (f.homeScore > f.awayScore ? 1 : 2) &&
    last.kind !== 'own'
  )
    hook = `${w.comma}${last.scorer && !last.scorerUnnamed ? last.scorer[s] : team(last.side)}${last.minute}${w.minute}${w.winner}`;
  else if (f.homeScore === 0 && f.awayScore === 0) hook = `${w.comma}${w.goalless}`;
  const title = `${f.competition[s]}${w.sep}${h} ${score} ${a}${hook}`;

  const verb = f.homeScore > f.awayScore ? w.beat : f.homeScore < f.awayScore ? w.lostTo : w.drew;
  const half =
    f.homeHalf !== null && f.awayHalf !== null ? `${w.comma}${w.half}${f.homeHalf}:${f.awayHalf}` : '';
  const summary = `${f.competition[s]}${w.comma}${h}${w.at}${score}${verb}${a}${half}${w.stop}`;

  const e = escapeHtml;
  const parts: string[] = [];
  parts.push(`<p>${e(summary)}</p>`);
  parts.push(`<h3>${e(w.goals)}</h3>`);
  if (f.goals.length) {
    const items = f.goals.map((g) => {
      // an own goal's unnamed scorer plays for the other club: say which, the line names the scoring side
      const who = !g.scorer
        ? team(g.side)
        : g.scorerUnnamed && g.kind === 'own'
          ? `${team(g.side === 1 ? 2 : 1)} ${g.scorer[s]}`
          : g.scorer[s];
      const tag = g.kind === 'pen' ? w.pen : g.kind === 'own' ? w.own : '';
      return `<li>${clock(g.minute, g.added)} ${e(who)}${e(tag)}${e(w.comma)}${e(team(g.side))} ${g.home}:${g.away}</li>`;
    });
    parts.push(`<ul>${items.join('')}</ul>`);
  } else parts.push(`<p>${e(w.noGoals)}</p>`);
  const moments: string[] = [];
  for (const r of f.reds)
    moments.push(
      `<li>${r.minute}' ${e(r.player?.[s] ?? team(r.side))}（${e(team(r.side))}）${e(w.sentOff)}</li>`,
    );
  for (const p of f.penMisses)
    moments.push(
      `<li>${p.minute}' ${e(p.player?.[s] ?? team(p.side))}（${e(team(p.side))}）${e(w.penMiss)}</li>`,
    );
  if (moments.length) parts.push(`<h3>${e(w.moments)}</h3><ul>${moments.join('')}</ul>`);
  const st = f.stats;
  const rows: string[] = [];
  if (st.possession) rows.push(`<li>${e(w.possession)} ${st.possession[0]}% - ${st.possession[1]}%</li>`);
  if (st.shots)
    rows.push(
      `<li>${e(w.shots)} ${st.shots[0]}（${st.shots_on?.[0] ?? 0}） - ${st.shots[1]}（${st.shots_on?.[1] ?? 0}）</li>`,
    );
  if (st.corners) rows.push(`<li>${e(w.corners)} ${st.corners[0]} - ${st.corners[1]}</li>`);
  if (st.yellow_cards) rows.push(`<li>${e(w.yellow)} ${st.yellow_cards[0]} - ${st.yellow_cards[1]}</li>`);
  if (st.red_cards && st.red_cards[0] + st.red_cards[1] > 0)
    rows.push(`<li>${e(w.red)} ${st.red_cards[0]} - ${st.red_cards[1]}</li>`);
  if (rows.length) parts.push(`<h3>${e(`${w.numbers}（${h} - ${a}）`)}</h3><ul>${rows.join('')}</ul>`);
  for (const side of f.unnamedSides)
    parts.push(`<p><small>${e(w.unnamed.replace('{club}', team(side)))}</small></p>`);
  parts.push(`<p><small>${e(w.auto)}</small></p>`);
  return { title, summary, body: parts.join('') };
}
