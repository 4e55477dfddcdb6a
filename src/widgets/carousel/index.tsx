import { Swiper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { asNumber, asText, cssSize } from '../shared/css';
import './carousel.css';

export interface CarouselItem {
  image?: string;
  title?: string;
  subtitle?: string;
}

export interface CarouselProps {
  items?: CarouselItem[];
  /** ms between slides (spec §9: 3000) */
  interval?: number;
  height?: number | string;
  /** the slides' titles are i18n keys (as the ads API sends them) */
  titleKeys?: boolean;
}

/**
 * Banner carousel (antd-mobile Swiper): autoplays every `interval` ms, loops, follows a swipe. Each
 * slide is its art (image) with the title over it; a tap emits `press` with the slide as `item`.
 */
export default function CarouselWidget({ props, emit }: WidgetProps<CarouselProps>) {
  const { t } = useTranslation();
  const items = Array.isArray(props.items) ? props.items : [];
  const title = (item: CarouselItem) => (props.titleKeys ? t(asText(item.title)) : asText(item.title));
  if (!items.length) return null;
  const height = cssSize(props.height) ?? '112px';
  return (
    <Swiper
      className="gf-carousel"
      autoplay={items.length > 1}
      autoplayInterval={asNumber(props.interval, 3000)}
      loop={items.length > 1}
      style={{ '--height': height, '--border-radius': '10px' } as Record<string, string>}
    >
      {items.map((item, index) => (
        <Swiper.Item key={`${index}-${asText(item.title)}`}>
          <button
            type="button"
            className="gf-carousel__slide"
            style={{ height, backgroundImage: item.image ? `url("${item.image}")` : undefined }}
            // a slide that is only a picture still needs a name for screen readers
            aria-label={
              title(item) ? undefined : t('widget.carousel.slide', { n: index + 1, total: items.length })
            }
            onClick={() => void emit('press', { item, index })}
          >
            {title(item) ? <span className="gf-carousel__title">{title(item)}</span> : null}
            {item.subtitle ? <span className="gf-carousel__subtitle">{asText(item.subtitle)}</span> : null}
          </button>
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
