/**
 * Why a Lighthouse score is what it is: one mobile run against a running server, printing the metrics,
 * the LCP element and its phases, the layout shifts, long tasks, script boot-up, main-thread work and
 * every request with its observed timing. Run it on a quiet machine:
 *   npx tsx tests/bench/lighthouse-why.ts 'http://127.0.0.1:8080/#/experts'
 */
import { lighthouseReport } from './lighthouse';

type Row = Record<string, unknown> & { items?: Row[] };
const url = process.argv[2] ?? 'http://127.0.0.1:8080/#/login';
{
  const { audits, categories } = await lighthouseReport(url, ['performance']);
  const rows = (id: string): Row[] =>
    ((audits[id]?.details as { items?: Row[] } | undefined)?.items ?? []) as Row[];
  const short = (u: unknown) => String(u ?? '').replace(/^https?:\/\/[^/]+/, '');
  console.log('score', categories.performance?.score);
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ])
    console.log(id, Math.round(audits[id]?.numericValue ?? Number.NaN));
  const [element, phases] = rows('largest-contentful-paint-element');
  const node = element?.items?.[0]?.node as { selector?: string; nodeLabel?: string } | undefined;
  console.log('LCP element', node?.selector, '|', node?.nodeLabel?.slice(0, 60));
  console.log(
    'LCP phases',
    (phases?.items ?? []).map((p) => `${p.phase} ${Math.round(Number(p.timing))}`).join(', '),
  );
  for (const s of rows('layout-shifts').slice(0, 5)) {
    const n = s.node as { selector?: string; boundingRect?: { top: number } } | undefined;
    console.log('shift', Number(s.score).toFixed(3), n?.selector, 'top', n?.boundingRect?.top);
  }
  for (const t of rows('long-tasks').slice(0, 10))
    console.log(
      'long task',
      short(t.url),
      Math.round(Number(t.duration)),
      'ms at',
      Math.round(Number(t.startTime)),
    );
  for (const b of rows('bootup-time').slice(0, 8))
    console.log(
      'bootup',
      short(b.url),
      Math.round(Number(b.total)),
      'ms, scripting',
      Math.round(Number(b.scripting)),
    );
  for (const m of rows('mainthread-work-breakdown'))
    console.log('main thread', m.group, Math.round(Number(m.duration)));
  const requests = rows('network-requests');
  console.log(`${requests.length} requests`);
  for (const q of requests)
    console.log(
      'request',
      short(q.url).slice(0, 70),
      Math.round(Number(q.networkRequestTime)),
      Math.round(Number(q.networkEndTime)),
      q.transferSize,
    );
}
