import { lazy, Suspense, useEffect, useState } from 'react';
import type { WidgetProps } from '../../engine/contract';
import { asNumber, cssSize } from '../shared/css';
import type { CarouselItem, CarouselProps } from './carousel-types';
import { Slide } from './slide';
import './carousel.css';

export type { CarouselItem, CarouselProps };

const loadSwiper = () => import('./carousel-swiper');
const CarouselSwiper = lazy(loadSwiper);

/**
 * Banner carousel: autoplays every `interval` ms, loops, follows a swipe; a tap emits `press` with the
 * slide as `item`. Until the fan touches it, it is drawn plainly: a track of slides moved by a CSS
 * transition, so the banner paints at once and autoplays without the swiper's springs and gestures
 * (~26 KB gzip). Loading and mounting those while the tab opened was a long task at 4x CPU, and a
 * banner that is only watched never needs them; the first touch loads them and they take over in place,
 * at the slide on show. A single banner never needs them.
 */
export default function CarouselWidget(p: WidgetProps<CarouselProps>) {
  const items = Array.isArray(p.props.items) ? p.props.items : [];
  const many = items.length > 1;
  const [live, setLive] = useState(false);
  const [index, setIndex] = useState(0);
  const interval = asNumber(p.props.interval, 3000);
  useEffect(() => {
    if (!many || live) return;
    const timer = setInterval(() => {
      // a page kept alive in the background, or a hidden tab, does not turn its banners
      if (document.visibilityState === 'visible') setIndex((i) => (i + 1) % items.length);
    }, interval);
    return () => clearInterval(timer);
  }, [many, live, interval, items.length]);
  if (!items.length) return null;
  const height = cssSize(p.props.height) ?? '112px';
  const goLive = () =>
    void loadSwiper().then(
      () => setLive(true),
      () => {},
    );
  const shown = index < items.length ? index : 0;
  const plain = (
    <StaticCarousel
      items={items}
      index={shown}
      height={height}
      titleKeys={p.props.titleKeys}
      onTouch={many ? goLive : undefined}
      onPress={(item, i) => void p.emit('press', { item, index: i })}
    />
  );
  if (!live) return plain;
  return (
    <Suspense fallback={plain}>
      <CarouselSwiper {...p} height={height} defaultIndex={shown} />
    </Suspense>
  );
}

interface StaticProps {
  items: CarouselItem[];
  index: number;
  height: string;
  titleKeys?: boolean;
  onTouch?: () => void;
  onPress(item: CarouselItem, index: number): void;
}

/**
 * The slides side by side in a track moved to the one on show, and the page dots, laid out as the swiper
 * lays them out (no shift when it takes over). A slide is drawn once it is on show or next (its
 * background image is fetched then, not all of them with the first one).
 */
function StaticCarousel({ items, index, height, titleKeys, onTouch, onPress }: StaticProps) {
  const [drawn, setDrawn] = useState(1);
  const upTo = Math.min(items.length, Math.max(drawn, index + 2));
  if (upTo > drawn) setDrawn(upTo);
  return (
    <div className="gf-carousel gf-carousel--static" style={{ height }} onPointerDown={onTouch}>
      <div
        className={index === 0 ? 'gf-carousel__track gf-carousel__track--wrap' : 'gf-carousel__track'}
        style={{ transform: `translateX(${-index * 100}%)` }}
      >
        {items.slice(0, upTo).map((item, i) => (
          <div
            key={`${i}-${item.title ?? ''}`}
            className="gf-carousel__cell"
            aria-hidden={i === index ? undefined : true}
            inert={i === index ? undefined : true}
          >
            <Slide
              item={item}
              index={i}
              total={items.length}
              height={height}
              titleKeys={titleKeys}
              onPress={onPress}
            />
          </div>
        ))}
      </div>
      {items.length > 1 ? (
        <div className="gf-carousel__dots" aria-hidden="true">
          {items.map((item, i) => (
            <span
              key={`${i}-${item.title ?? ''}`}
              className={i === index ? 'gf-carousel__dot gf-carousel__dot--on' : 'gf-carousel__dot'}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
