import { lazy, Suspense, useEffect, useState } from 'react';
import type { WidgetProps } from '../../engine/contract';
import { cssSize } from '../shared/css';
import { whenIdle } from '../shared/when-idle';
import type { CarouselItem, CarouselProps } from './carousel-types';
import { Slide } from './slide';
import './carousel.css';

export type { CarouselItem, CarouselProps };

const loadSwiper = () => import('./carousel-swiper');
const CarouselSwiper = lazy(loadSwiper);

/**
 * Banner carousel: autoplays every `interval` ms, loops, follows a swipe; a tap emits `press` with the
 * slide as `item`. It opens as its first slide drawn plainly, so the banner (often the largest thing on
 * a tab when it opens) paints without waiting for the swiper's springs and gestures; those load once the
 * browser is idle, or at the first touch, and take over in place. A single banner never needs them.
 */
export default function CarouselWidget(p: WidgetProps<CarouselProps>) {
  const items = Array.isArray(p.props.items) ? p.props.items : [];
  const many = items.length > 1;
  const [live, setLive] = useState(false);
  const goLive = () =>
    void loadSwiper().then(
      () => setLive(true),
      () => {},
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once, when there is something to swipe
  useEffect(() => (many ? whenIdle(goLive) : undefined), [many]);
  if (!items.length) return null;
  const height = cssSize(p.props.height) ?? '112px';
  const first = (
    <StaticCarousel
      items={items}
      height={height}
      titleKeys={p.props.titleKeys}
      onTouch={many ? goLive : undefined}
      onPress={(item, index) => void p.emit('press', { item, index })}
    />
  );
  if (!live) return first;
  return (
    <Suspense fallback={first}>
      <CarouselSwiper {...p} height={height} />
    </Suspense>
  );
}

interface StaticProps {
  items: CarouselItem[];
  height: string;
  titleKeys?: boolean;
  onTouch?: () => void;
  onPress(item: CarouselItem, index: number): void;
}

/** The first slide and the page dots, laid out as the swiper lays them out (no shift when it takes over). */
function StaticCarousel({ items, height, titleKeys, onTouch, onPress }: StaticProps) {
  return (
    <div className="gf-carousel gf-carousel--static" style={{ height }} onPointerDown={onTouch}>
      <Slide
        item={items[0]}
        index={0}
        total={items.length}
        height={height}
        titleKeys={titleKeys}
        onPress={onPress}
      />
      {items.length > 1 ? (
        <div className="gf-carousel__dots" aria-hidden="true">
          {items.map((item, i) => (
            <span
              key={`${i}-${item.title ?? ''}`}
              className={i === 0 ? 'gf-carousel__dot gf-carousel__dot--on' : 'gf-carousel__dot'}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
