/**
 * Demo news: automatic reports of the last week's finished matches in the headline competitions
 * (written from the matches' stored events and statistics, as the job writes them live), one
 * editorial note from the operator, and some engagement by the demo fans (+852 5900 0001...) through
 * the real praise / collect / comment paths, so the hot list has a ranking on a fresh start.
 * Safe to run again: reports exist once per match, the note once by title, reactions once per user.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { newsArticles, newsComments, newsViews, users } from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import { addComment } from './comments-service';
import { hkDay, hkHour } from './items';
import { createArticle } from './ops-service';
import { react } from './reactions';
import { generateMissingReports, rewritePlaceholderReports } from './report';

const DAY_MS = 86_400_000;
const OPERATOR_PHONE = '90000000';
const fanPhone = (i: number) => `5900${String(i + 1).padStart(4, '0')}`;

const NOTE = {
  title_zhhk: '發現頁新增賽後戰報：入球、關鍵時刻同數據一眼睇晒',
  title_zhcn: '发现页新增赛后战报：进球、关键时刻和数据一目了然',
  title_zhtw: '發現頁新增賽後戰報：進球、關鍵時刻與數據一目了然',
  body_zhhk:
    '<p>熱門賽事完場後，系統會根據比賽數據自動寫好戰報：比數、入球球員同時間、紅牌及射失十二碼等關鍵時刻，仲有控球率、射門、角球等數據，並標明「自動生成」。</p><p>歡迎喺文章下面留言討論，亦可以讚好同收藏，喺「我的讚好」同「我的收藏」隨時翻睇。留言請保持禮貌，唔好人身攻擊或者洗版。</p>',
  body_zhcn:
    '<p>热门赛事完场后，系统会根据比赛数据自动生成战报：比分、进球球员和时间、红牌及罚失点球等关键时刻，还有控球率、射门、角球等数据，并标明「自动生成」。</p><p>欢迎在文章下方留言讨论，也可以点赞和收藏，在「我的点赞」和「我的收藏」随时查看。留言请文明礼貌，不要人身攻击或刷屏。</p>',
  body_zhtw:
    '<p>熱門賽事結束後，系統會根據比賽數據自動產生戰報：比分、進球球員與時間、紅牌及罰失點球等關鍵時刻，還有控球率、射門、角球等數據，並標明「自動產生」。</p><p>歡迎在文章下方留言討論，也可以按讚和收藏，在「我的按讚」和「我的收藏」隨時查看。留言請保持禮貌，不要人身攻擊或洗版。</p>',
};

/** What the demo fans say under a report (their own words; the same for every script). */
const LINES = [
  '呢場打得幾好睇，下半場節奏快好多',
  '中場控制得好，終於有返信心',
  '防守位置真係要執下，太多空檔',
  '換人換得啱，後備入嚟即刻有分別',
  '射門咁多得一兩球入，把握力要加強',
  '主場氣氛好正，下場再去睇',
  '球證有幾個判決都有爭議',
  '門將今日救咗好幾球',
];
const REPLIES = ['同意，尤其係最後十分鐘', '我覺得未至於，對手都踢得唔差', '下場對強隊先見真章', 'Agree！'];

export async function seedNews(db: Db, now = new Date()): Promise<void> {
  const nowMs = now.getTime();
  await rewritePlaceholderReports(db);
  await generateMissingReports(db, { sinceMs: nowMs - 7 * DAY_MS, untilMs: nowMs, limit: 400 });

  const [op] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.areaCode, '852'), eq(users.phone, OPERATOR_PHONE)));
  const [note] = await db
    .select({ id: newsArticles.id })
    .from(newsArticles)
    .where(eq(newsArticles.titleZhhk, NOTE.title_zhhk));
  if (op && !note) await createArticle(db, op.id, NOTE, nowMs - 3 * DAY_MS);

  const fans = await db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(
      and(
        eq(users.areaCode, '852'),
        inArray(
          users.phone,
          Array.from({ length: 48 }, (_, i) => fanPhone(i)),
        ),
      ),
    );
  if (!fans.length) return;
  const recent = await db
    .select({ id: newsArticles.id, at: newsArticles.publishedAt })
    .from(newsArticles)
    .where(eq(newsArticles.kind, 'report'))
    .orderBy(desc(newsArticles.publishedAt))
    .limit(24);
  const [seeded] = await db.select({ id: newsComments.id }).from(newsComments).limit(1);
  if (seeded) return;
  // reactions spread over the hours after each report, a few fans per report, more on the newest
  for (const [k, a] of recent.entries()) {
    const start = a.at.getTime();
    const span = Math.max(60_000, Math.min(nowMs - start, DAY_MS));
    const n = Math.max(2, 12 - k);
    for (let j = 0; j < n; j++) {
      const fan = fans[(k * 7 + j * 5) % fans.length];
      const at = start + Math.floor((span * (j + 1)) / (n + 2));
      await react(db, 'news', 'praise', true, fan.id, a.id, at);
      await seedViews(db, a.id, at, VIEWS_PER_PRAISE);
      if (j % 3 === 0) await react(db, 'news', 'collect', true, fan.id, a.id, at + 1000);
      if (j % 2 === 0 && k < 12) {
        const c = await seedComment(() =>
          addComment(db, 'news', a.id, fan.id, LINES[(k + j) % LINES.length], undefined, at + 2000),
        );
        if (c && j % 4 === 0) {
          const other = fans[(k * 7 + j * 5 + 11) % fans.length];
          await seedComment(() =>
            addComment(db, 'news', a.id, other.id, REPLIES[(k + j) % REPLIES.length], c.id, at + 60_000),
          );
        }
      }
    }
  }
}

/**
 * Fans who praise an article have read it, and more read it than react: without views a report showed
 * "12 讚" over "1 次閱讀" (the reader's own view), which no fan believes. Written as the view counter
 * writes them (the article's total and its Hong Kong hour), so the hot list weighs them the same way.
 */
const VIEWS_PER_PRAISE = 6;

async function seedViews(db: Db, id: number, atMs: number, n: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(newsArticles)
      .set({ views: sql`${newsArticles.views} + ${n}` })
      .where(eq(newsArticles.id, id));
    await tx
      .insert(newsViews)
      .values({ articleId: id, day: hkDay(atMs), hour: hkHour(atMs), views: n })
      .onConflictDoUpdate({
        target: [newsViews.articleId, newsViews.day, newsViews.hour],
        set: { views: sql`${newsViews.views} + ${n}` },
      });
  });
}

/**
 * A seeded comment goes through the real writer and its rate limit: when two reports finished close
 * together (it depends on the hour the seed runs) a fan's next comment may come too soon, and is left out
 * rather than stopping the start-up.
 */
async function seedComment<T>(write: () => Promise<T>): Promise<T | null> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof ApiError && err.code === E.COMMENT_TOO_FAST) return null;
    throw err;
  }
}
