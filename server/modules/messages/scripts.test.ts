/**
 * A notice quoting an operator's text (a reason, a broadcast) reads in the reader's script and wording:
 * simplified and mainland words for zh-CN, Taiwan traditional and words for zh-TW, Hong Kong otherwise.
 * (A fan's or an expert's own text, e.g. a plan title, is not scripted: it stays as typed.)
 */
import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../../test/harness';
import { sendMessage } from './messages-service';
import { forReader, inEveryScript } from './scripts';

let t: TestApp;
withTestApp((app) => {
  t = app;
});

describe('texts in every script', () => {
  it('converts traditional and simplified input alike', () => {
    expect(inEveryScript('曼聯對熱刺：讓球盤主隊贏')).toEqual({
      zhhk: '曼聯對熱刺：讓球盤主隊贏',
      zhcn: '曼联对热刺：让球盘主队赢',
      zhtw: '曼聯對熱刺：讓球盤主隊贏',
    });
    expect(inEveryScript('阿森纳主场稳胜').zhhk).toBe('阿森納主場穩勝');
  });

  it('answers old messages (no scripted params) as stored', () => {
    expect(forReader({ title: '舊標題', coins: 3 }, '', 'zhcn')).toEqual({
      params: { title: '舊標題', coins: 3 },
      text: '',
    });
  });
});

describe('GET /mdr/api/v1/user/lottery/operation-record/messages', () => {
  it("shows scripted params and an operator's reason in the reader's words and script", async () => {
    const fan = await t.loginByPhone('61250311');
    await sendMessage(t.db, {
      userId: fan.userId,
      category: 'system',
      kind: 'plan_red',
      targetType: 'plan',
      targetId: 1,
      params: { title: '車路士對利物浦：大細波睇大', coins: 0 },
      scripted: ['title'],
    });
    await sendMessage(t.db, {
      userId: fan.userId,
      category: 'system',
      kind: 'ops_activity_hide',
      text: '內容涉及廣告，已經隱藏',
      scripted: ['text'],
    });
    const read = async (lang: string) =>
      (
        await t.call('GET', '/mdr/api/v1/user/lottery/operation-record/messages', {
          token: fan.token,
          headers: { 'accept-language': lang },
        })
      ).data.list as { kind: string; text: string; params: Record<string, unknown> }[];
    const cn = await read('zh-CN');
    expect(cn.find((m) => m.kind === 'plan_red')?.params).toEqual({
      title: '切尔西对利物浦：大小球看大',
      coins: 0,
    });
    expect(cn.find((m) => m.kind === 'ops_activity_hide')?.text).toBe('内容涉及广告，已经隐藏');
    const hk = await read('zh-HK');
    expect(hk.find((m) => m.kind === 'plan_red')?.params.title).toBe('車路士對利物浦：大細波睇大');
    expect(hk.find((m) => m.kind === 'ops_activity_hide')?.text).toBe('內容涉及廣告，已經隱藏');
    const tw = await read('zh-TW');
    expect(tw.find((m) => m.kind === 'plan_red')?.params.title).toBe('切爾西對利物浦：大小球看大');
  });
});

describe('wording, not only glyphs', () => {
  it('rewords Cantonese for mainland and Taiwan readers; Hong Kong readers keep it', () => {
    const reason = '佢哋嘅帖文係廣告，我哋已經隱藏咗，唔好再發呢啲嘢';
    const all = inEveryScript(reason);
    expect(all.zhhk).toBe(reason);
    expect(all.zhcn).toBe('他们的帖文是广告，我们已经隐藏了，不要再发这些东西');
    expect(all.zhtw).toBe('他們的帖文是廣告，我們已經隱藏了，不要再發這些東西');
    for (const s of [all.zhcn, all.zhtw]) expect(s).not.toMatch(/[佢嘅咗唔睇係嘢啲哋]/);
  });

  it('uses each region own football words and keeps Mandarin words holding the same characters', () => {
    const all = inEveryScript('睇波要睇清楚，十二碼係球證判嘅，同關係冇關');
    expect(all.zhcn).toBe('看球要看清楚，点球是裁判判的，同关系没有关');
    expect(all.zhtw).toBe('看球要看清楚，罰球是裁判判的，同關係沒有關');
    // simplified input reads as it was meant, in every script
    expect(inEveryScript('入球无效，已经改判').zhcn).toBe('进球无效，已经改判');
    // clubs by each region's name, from the seeded football data
    const derby = inEveryScript('阿仙奴主場迎戰車路士');
    expect(derby.zhcn).toBe('阿森纳主场迎战切尔西');
    expect(derby.zhtw).toBe('兵工廠主場迎戰切爾西');
  });
});
