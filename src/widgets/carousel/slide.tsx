import { useTranslation } from 'react-i18next';
import { asText } from '../shared/css';
import type { CarouselItem } from './carousel-types';

interface SlideProps {
  item: CarouselItem;
  index: number;
  total: number;
  height: string;
  titleKeys?: boolean;
  onPress(item: CarouselItem, index: number): void;
}

/** One banner: its art (image) with the title over it; a tap reports the slide. */
export function Slide({ item, index, total, height, titleKeys, onPress }: SlideProps) {
  const { t } = useTranslation();
  const title = titleKeys ? t(asText(item.title)) : asText(item.title);
  return (
    <button
      type="button"
      className="gf-carousel__slide"
      style={{ height, backgroundImage: item.image ? `url("${item.image}")` : undefined }}
      // a slide that is only a picture still needs a name for screen readers
      aria-label={title ? undefined : t('widget.carousel.slide', { n: index + 1, total })}
      onClick={() => onPress(item, index)}
    >
      {title ? <span className="gf-carousel__title">{title}</span> : null}
      {item.subtitle ? <span className="gf-carousel__subtitle">{asText(item.subtitle)}</span> : null}
    </button>
  );
}
