import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import PictureWrongOutline from 'antd-mobile-icons/es/PictureWrongOutline';
import { type CSSProperties, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { asText, cssSize, flagOn } from '../shared/css';
import { pressableProps } from '../shared/press';
import { useInView } from './use-in-view';
import './image.css';

export interface ImageProps {
  src?: string;
  width?: number | string;
  height?: number | string;
  fit?: CSSProperties['objectFit'];
  radius?: number | string;
  alt?: string;
  lazy?: boolean;
}

type LoadState = 'loading' | 'loaded' | 'error';
interface LoadStatus {
  src: string;
  state: LoadState;
  /** each attempt after the first gets a distinct URL so the browser does not reuse the failure */
  attempt: number;
}

/** Spec §9: one automatic retry before showing the error state. */
const AUTO_RETRIES = 1;

/**
 * loading -> loaded | error. A failed load is retried once on its own (a new request, not the cached
 * failure); after that the user sees a tap-to-retry placeholder.
 */
export default function ImageWidget({ node, props, emit }: WidgetProps<ImageProps>) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  const inView = useInView(boxRef, flagOn(props.lazy, true));
  const src = asText(props.src);
  const [load, setLoad] = useState<LoadStatus>({ src, state: 'loading', attempt: 0 });
  // a new src starts over without an extra render pass through an effect
  const current: LoadStatus = load.src === src ? load : { src, state: 'loading', attempt: 0 };
  const { state, attempt } = current;

  const onError = () => {
    if (attempt < AUTO_RETRIES) setLoad({ src, state: 'loading', attempt: attempt + 1 });
    else setLoad({ src, state: 'error', attempt });
  };
  const retry = () => setLoad({ src, state: 'loading', attempt: attempt + 1 });

  const box: CSSProperties = {
    width: cssSize(props.width) ?? '100%',
    // an explicit width is the size the image needs (a 78x37 captcha): a flex row must not squeeze it,
    // which with object-fit cover cropped the captcha's first and last characters
    flexShrink: props.width !== undefined ? 0 : undefined,
    height: cssSize(props.height),
    borderRadius: cssSize(props.radius),
  };
  const alt = asText(props.alt);
  const showImage = inView && src !== '' && state !== 'error';
  const attemptSrc = attempt === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}_r=${attempt}`;

  return (
    <div
      ref={boxRef}
      className={`gf-image gf-image--${state}`}
      style={box}
      {...pressableProps(node, emit, alt || undefined)}
    >
      {showImage ? (
        <img
          key={attemptSrc}
          className="gf-image__img"
          src={attemptSrc}
          alt={alt}
          style={{ objectFit: props.fit ?? 'cover' }}
          onLoad={() => setLoad({ src, state: 'loaded', attempt })}
          onError={onError}
        />
      ) : null}
      {src === '' ? (
        <span className="gf-image__placeholder" aria-hidden>
          <PictureOutline />
        </span>
      ) : null}
      {state === 'error' && src !== '' ? (
        <button
          type="button"
          className="gf-image__retry"
          aria-label={alt ? `${t('widget.image.retry')}: ${alt}` : t('widget.image.retry')}
          onClick={(e) => {
            e.stopPropagation();
            retry();
          }}
        >
          <PictureWrongOutline aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
