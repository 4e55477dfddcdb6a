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
