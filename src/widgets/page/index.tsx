import { useTranslation } from 'react-i18next';
import { useEngineServices } from '../../engine';
import type { WidgetProps } from '../../engine/contract';
import { asText, flagOn } from '../shared/css';
import './page.css';

export interface PageProps {
  title?: string;
  back?: boolean;
  /** where the back arrow goes when there is no history entry to return to */
  backTo?: string;
  navBar?: boolean;
  background?: string;
}

/**
 * Full-height column: nav bar + scrolling body (+ slot `footer`: a bar kept at the bottom of the screen,
 * e.g. a comment composer or a buy bar). The nav bar is our own markup rather than antd-mobile's
 * NavBar because NavBar always renders an unnamed `role=button` wrapper, which fails the accessibility
 * budget; the look follows NavBar (45 px, centred title).
 */
export default function PageWidget({ node, props, renderChildren }: WidgetProps<PageProps>) {
  const services = useEngineServices();
  const { t } = useTranslation();
  const showNav = flagOn(props.navBar, true);
  const showBack = flagOn(props.back, true);
  const title = asText(props.title);
  return (
    <div className="gf-page" style={props.background ? { background: props.background } : undefined}>
      {showNav ? (
        <header className="gf-page__nav">
          <div className="gf-page__nav-side">
            {showBack ? (
              <button
                type="button"
                className="gf-page__back"
                aria-label={t('common.back')}
                onClick={() => services.back(props.backTo)}
              >
                <span className="gf-back-chevron" aria-hidden />
              </button>
            ) : null}
          </div>
          <h1 className="gf-page__title">{title}</h1>
          <div className="gf-page__nav-side gf-page__nav-side--right">{renderChildren('right')}</div>
        </header>
      ) : null}
      <div className="gf-page__body">{renderChildren()}</div>
      {node.slots?.footer?.length ? <div className="gf-page__footer">{renderChildren('footer')}</div> : null}
    </div>
  );
}
