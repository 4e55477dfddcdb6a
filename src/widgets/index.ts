/**
 * The default widget registry: node `type` -> component. Heavy or rarely used widgets are lazy entries
 * (their code and dependencies - qrcode, DOMPurify, pickers, uploader, index bar - load on first use),
 * so the first screen only pays for the common building blocks.
 */
import { lazy } from 'react';
import type { RegistryEntry, Widget, WidgetRegistry } from '../engine/contract';
import AvatarWidget from './avatar';
import BadgeWidget from './badge';
import ButtonWidget from './button';
import CardWidget from './card';
import ComingSoonWidget from './coming-soon';
import CountdownButtonWidget from './countdown-button';
import DividerWidget from './divider';
import EmptyWidget from './empty';
import FieldCheckboxWidget from './field-checkbox';
import FieldInputWidget from './field-input';
import FieldPasswordWidget from './field-password';
import FieldRadioWidget from './field-radio';
import FieldTextareaWidget from './field-textarea';
import GridWidget from './grid';
import IconWidget from './icon';
import ImageWidget from './image';
import InfiniteListWidget from './infinite-list';
import ListWidget from './list';
import ListItemWidget from './list-item';
import PageWidget from './page';
import PopupWidget from './popup';
import ResultWidget from './result';
import SkeletonWidget from './skeleton';
import SpacerWidget from './spacer';
import StackWidget from './stack';
import TabsWidget from './tabs';
import TagWidget from './tag';
import TextWidget from './text';
import './theme.css';

const eager = (component: Widget): RegistryEntry => ({ kind: 'eager', component });
const lazyEntry = (load: () => Promise<{ default: Widget }>): RegistryEntry => ({
  kind: 'lazy',
  component: lazy(load),
});

/** Types whose code is split into its own chunk. */
export const LAZY_WIDGET_TYPES = [
  'qr-code',
  'html',
  'index-list',
  'field-date',
  'field-picker',
  'field-image-uploader',
] as const;

export function createDefaultRegistry(): WidgetRegistry {
  return new Map<string, RegistryEntry>([
    ['page', eager(PageWidget)],
    ['stack', eager(StackWidget)],
    ['text', eager(TextWidget)],
    ['image', eager(ImageWidget)],
    ['avatar', eager(AvatarWidget)],
    ['icon', eager(IconWidget)],
    ['button', eager(ButtonWidget)],
    ['divider', eager(DividerWidget)],
    ['spacer', eager(SpacerWidget)],
    ['empty', eager(EmptyWidget)],
    ['skeleton', eager(SkeletonWidget)],
    ['result', eager(ResultWidget)],
    ['badge', eager(BadgeWidget)],
    ['tag', eager(TagWidget)],
    ['card', eager(CardWidget)],
    ['grid', eager(GridWidget)],
    ['coming-soon', eager(ComingSoonWidget)],
    ['list', eager(ListWidget)],
    ['list-item', eager(ListItemWidget)],
    ['infinite-list', eager(InfiniteListWidget)],
    ['tabs', eager(TabsWidget)],
    ['popup', eager(PopupWidget)],
    ['field-input', eager(FieldInputWidget)],
    ['field-password', eager(FieldPasswordWidget)],
    ['field-textarea', eager(FieldTextareaWidget)],
    ['field-checkbox', eager(FieldCheckboxWidget)],
    ['field-radio', eager(FieldRadioWidget)],
    ['countdown-button', eager(CountdownButtonWidget)],
    ['qr-code', lazyEntry(() => import('./qr-code'))],
    ['html', lazyEntry(() => import('./html'))],
    ['index-list', lazyEntry(() => import('./index-list'))],
    ['field-date', lazyEntry(() => import('./field-date'))],
    ['field-picker', lazyEntry(() => import('./field-picker'))],
    ['field-image-uploader', lazyEntry(() => import('./field-image-uploader'))],
  ]);
}
