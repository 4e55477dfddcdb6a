/**
 * Renders the current route's screen and keeps up to `keepAliveMax` earlier pages mounted but hidden
 * (LRU, with the exclusion list), so going back shows them as they were. The entering page slides in
 * by route order; display:none -> block restarts the CSS animation on each visit.
 */
import { useMemo, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import type { RouteEntry, RouteTable } from '../../engine/config-types.gen';
import { type CachedPage, pageInstanceKey, touchPage } from '../routing/keep-alive-cache';
import { findRoute, isKeptAlive, searchToQuery } from '../routing/route-table';
import { type SlideDirection, slideDirection } from '../routing/transition';
import { ScreenHost } from '../screen-host';

interface PagesState {
  locationKey: string | null;
  pages: CachedPage[];
  direction: SlideDirection;
  order: number | undefined;
}

function KeptPage({
  table,
  page,
  active,
  direction,
  canShow,
}: {
  table: RouteTable;
  page: CachedPage;
  active: boolean;
  direction: SlideDirection;
  canShow?: (entry: RouteEntry) => boolean;
}) {
  const match = useMemo(() => findRoute(table, page.pathname), [table, page.pathname]);
  // route query defaults first: the URL's own query wins
  const query = useMemo(
    () => ({ ...match?.entry.query, ...searchToQuery(page.search) }),
    [match, page.search],
  );
  if (!match?.entry.screen) return null;
  // a route that needs a role the session lacks draws nothing (the shell's role guard redirects)
  if (canShow && !canShow(match.entry)) return null;
  const slide = active && direction !== 'none' ? ` gf-slide-${direction}` : '';
  return (
    <section className={`gf-route-page${slide}`} hidden={!active} data-path={page.pathname}>
      <ScreenHost screenId={match.entry.screen} path={page.pathname} params={match.params} query={query} />
    </section>
  );
}

export function KeepAlivePages({
  table,
  canShow,
}: {
  table: RouteTable;
  canShow?: (entry: RouteEntry) => boolean;
}) {
  const location = useLocation();
  const navType = useNavigationType();
  const [state, setState] = useState<PagesState>({
    locationKey: null,
    pages: [],
    direction: 'none',
    order: undefined,
  });

  // derive the page list during render (not in an effect) so the new page never flashes one frame late.
  // location.key alone is not enough: a hash typed or set outside the router arrives as a POP whose
  // key is "default", the same as the first page's.
  const locationKey = `${location.key}|${location.pathname}${location.search}`;
  if (state.locationKey !== locationKey) {
    const match = findRoute(table, location.pathname);
    if (match?.entry.screen) {
      const page: CachedPage = {
        pathname: location.pathname,
        search: location.search,
        keepAlive: isKeptAlive(table, match.entry),
      };
      setState({
        locationKey,
        pages: touchPage(state.pages, page, table.keepAliveMax),
        direction: slideDirection(state.order, match.entry.order, navType),
        order: match.entry.order,
      });
    } else {
      setState({ ...state, locationKey });
    }
  }

  return (
    <>
      {state.pages.map((page) => (
        <KeptPage
          key={pageInstanceKey(page)}
          table={table}
          page={page}
          active={page.pathname === location.pathname && page.search === location.search}
          direction={state.direction}
          canShow={canShow}
        />
      ))}
    </>
  );
}
