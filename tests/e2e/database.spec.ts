/**
 * Database tab at phone size: a fan opens a league table from the tab, a club from the table, a player
 * from the squad, and the player's goals on his page equal the goals the timelines of his club's
 * matches give him (read through the match events API); from his match list a match, and from the
 * match header back to the club. Unknown ids show the not-found views, not empty pages.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { shot } from './helpers';

const API = '/mdr/api/v1/database';

async function data<T = any>(request: APIRequestContext, path: string): Promise<T> {
  const body = await (await request.get(path)).json();
  expect(body.code, path).toBe(0);
  return body.data as T;
}

/** Goals (goal and penalty goal events) the match timelines credit to a player. */
async function timelineGoals(request: APIRequestContext, playerId: number, matchIds: number[]) {
  let n = 0;
  for (const id of matchIds) {
    const ev = await data(request, `/mdr/api/v1/matches/${id}/events?all=true`);
    n += ev.list.filter((e: any) => (e.code === 1 || e.code === 3) && e.player_id === playerId).length;
  }
  return n;
}

/** Every finished match of a club in a competition's season, round by round (independent of the player page). */
async function clubMatches(request: APIRequestContext, competitionId: number, teamId: number) {
  const first = await data(request, `${API}/competitions/${competitionId}/matches`);
  const ids: number[] = [];
  for (const round of first.rounds as string[]) {
    const r = await data(request, `${API}/competitions/${competitionId}/matches?round=${round}`);
    for (const m of r.list)
      if (m.status === 10 && (m.home_id === teamId || m.away_id === teamId)) ids.push(m.id);
  }
  return ids;
}

test('from the database tab: league table, club, player, whose goals match his timelines', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  await page.goto('/#/database');
  await expect(page.getByText('熱門', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('你睇過嘅聯賽、球會同球員會喺呢度出現。')).toBeVisible();
  await shot(page, info, 'database-home');

  // a league table from the region list: the Premier League, or between seasons (July to mid-August,
  // before its first round) the busiest league with scorers, so the journey holds on any date
  const home = await data(request, `${API}/competitions`);
  const leagues = home.regions.flatMap((g: any) => g.list).filter((c: any) => c.kind === 'league');
  let pickId = leagues.find((c: any) => c.code === 'EPL').id;
  let league = await data(request, `${API}/competitions/${pickId}`);
  if (!league.scorers.length) {
    let best = 0;
    for (const c of leagues) {
      const d = await data(request, `${API}/competitions/${c.id}`);
      if (d.scorers.length && d.played > best) [best, pickId, league] = [d.played, c.id, d];
    }
  }
  await page.getByText(league.name, { exact: true }).first().click();
  const table = page.getByRole('table', { name: '積分榜' });
  await expect(table).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(league.standings.length);
  // the zone legend: one entry per zone ("歐聯 1-4", "降班 18-20" in the Premier League)
  for (const z of league.zones)
    await expect(
      page
        .getByText(new RegExp(` ${z.from === z.to ? z.from : `${z.from}-${z.to}`}$`))
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
  if (league.code === 'EPL') await expect(page.getByText('歐聯 1-4').filter({ visible: true })).toBeVisible();
  await shot(page, info, 'database-league');
  expect(page.url()).toContain(`id=${pickId}`);
  for (const row of league.standings) expect(row.points).toBe(3 * row.win + row.draw);

  // the club whose player leads the scorers
  const top = league.scorers[0];
  const row = table.locator('tbody tr').filter({ hasText: top.team_name });
  await row.click();
  await expect(page).toHaveURL(new RegExp(`#/database/team/index\\?id=${top.team_id}`));
  await page.getByText('陣容', { exact: true }).filter({ visible: true }).click();
  await shot(page, info, 'database-team-squad');
  await page
    .locator('.adm-list-item')
    .filter({ hasText: `${top.player_label}#` })
    .filter({ visible: true })
    .first()
    .click();

  // the player page shows his season goals
  await expect(page.getByText('本季數據').filter({ visible: true })).toBeVisible();
  const player = await data(request, `${API}/players/${top.player_id}`);
  const goalsCell = page
    .locator('xpath=//*[normalize-space(text())="入球"]/preceding-sibling::*[1]')
    .filter({ visible: true })
    .first();
  await expect(goalsCell).toHaveText(String(player.stats.goals));
  await shot(page, info, 'database-player');

  // ...which equal what the timelines of every finished match of his club give him
  let expected = 0;
  for (const c of player.competitions)
    expected += await timelineGoals(
      request,
      top.player_id,
      await clubMatches(request, c.league_id, top.team_id),
    );
  expect(player.stats.goals).toBe(expected);
  expect(player.stats.goals).toBeGreaterThanOrEqual(top.goals);

  // player -> match: the first match he scored in shows him in its timeline
  const scored = player.matches.find((l: any) => l.goals > 0);
  await page.goto(`/#/match/index?id=${scored.match_id}`);
  await expect(
    page.locator('li.gf-timeline__row').filter({ hasText: top.player_label }).first(),
  ).toBeVisible();
  // match -> club: the header's club opens its page
  const side = scored.match.home_id === top.team_id ? 'home' : 'away';
  await page.locator(`.gf-mh__team--${side}`).filter({ visible: true }).click();
  await expect(page).toHaveURL(/#\/database\/team\/index\?id=/);
  await expect(page.getByText('本季戰績（所有賽事）').filter({ visible: true })).toBeVisible();

  // the visits are remembered on the device
  await page.goto('/#/database');
  await expect(
    page.locator('.gf-recent__chip', { hasText: top.team_short }).filter({ visible: true }),
  ).toBeVisible();
});

test('unknown ids show the not-found views', async ({ page }, info) => {
  await page.goto('/#/database/player/index?id=2147480000');
  await expect(page.getByText('搵唔到呢位球員')).toBeVisible();
  await shot(page, info, 'database-player-not-found');
  await page.goto('/#/database/league/index?id=2147480000');
  await expect(page.getByText('搵唔到呢個賽事')).toBeVisible();
  await page.goto('/#/database/team/index?id=2147480000');
  await expect(page.getByText('搵唔到呢支球隊')).toBeVisible();
  await page.goto('/#/database/coach?id=2147480000');
  await expect(page.getByText('搵唔到呢位教練')).toBeVisible();
  await page.getByRole('button', { name: '返回資料庫' }).click();
  await expect(page).toHaveURL(/#\/database(\?|$)/);
});
