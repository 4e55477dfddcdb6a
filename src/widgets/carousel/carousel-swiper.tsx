import { Swiper } from 'antd-mobile';
import type { WidgetProps } from '../../engine/contract';
import { asNumber, asText } from '../shared/css';
import type { CarouselProps } from './carousel-types';
import { Slide } from './slide';

/** The swipeable, autoplaying carousel (antd-mobile Swiper: springs and gestures, ~26 KB gzip). */
export default function CarouselSwiper({
  props,
  emit,
  height,
  defaultIndex = 0,
}: WidgetProps<CarouselProps> & { height: string; defaultIndex?: number }) {
  const items = props.items ?? [];
  return (
    <Swiper
      className="gf-carousel"
      autoplay
      defaultIndex={defaultIndex}
      autoplayInterval={asNumber(props.interval, 3000)}
      loop
      style={{ '--height': height, '--border-radius': '10px' } as Record<string, string>}
    >
      {items.map((item, index) => (
        <Swiper.Item key={`${index}-${asText(item.title)}`}>
          <Slide
            item={item}
            index={index}
            total={items.length}
            height={height}
            titleKeys={props.titleKeys}
            onPress={(it, i) => void emit('press', { item: it, index: i })}
          />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
