/**
 * The default widget registry: node `type` -> component. Only what the landing screen (#/match) and
 * the page frame render is in the first-load bundle; every other widget is a deferred entry
 * whose chunk (and antd-mobile components, react-spring, pickers, qrcode, DOMPurify...) loads when a
 * screen that names it opens - ScreenHost preloads them with preloadScreenWidgets before rendering.
 */
import type { RegistryEntry, Widget, WidgetRegistry } from '../engine/contract';
import { loadRules } from '../engine/globals';
import DateStripWidget from './date-strip';
import { deferredWidget } from './deferred';
import EmptyWidget from './empty';
import FilterSheetWidget from './filter-sheet';
import IconWidget from './icon';
import MatchCardWidget from './match-card';
import PageWidget from './page';
import SpacerWidget from './spacer';
import StackWidget from './stack';
import TabStripWidget from './tab-strip';
import TextWidget from './text';
import VirtualListWidget from './virtual-list';
// antd-mobile's CSS variables and base rules, then the brand theme over them (order matters: widgets
// import antd-mobile by deep paths, so its package index no longer brings these in first)
import 'antd-mobile/es/global';
import './theme.css';

export { preloadScreenWidgets } from './deferred';

const withRules = <T>(chunk: Promise<T>): Promise<T> => Promise.all([chunk, loadRules()]).then(([m]) => m);

const eager = (component: Widget): RegistryEntry => ({ kind: 'eager', component });
const deferred = (load: () => Promise<{ default: Widget }>): RegistryEntry => eager(deferredWidget(load));

/** Types bundled with the first load; all others are split into chunks of their own. */
export const FIRST_LOAD_WIDGET_TYPES = [
  'page',
  'stack',
  'text',
  'spacer',
  'icon',
  'empty',
  // the match tab (the landing screen): light, antd-free list widgets
  'tab-strip',
  'date-strip',
  'virtual-list',
  'match-card',
  'filter-sheet',
] as const;

// one module-level instance per type, so a chunk fetched for one screen serves every later registry too
const DEFERRED: [string, RegistryEntry][] = [
  ['image', deferred(() => import('./image'))],
  ['avatar', deferred(() => import('./avatar'))],
  ['button', deferred(() => import('./button'))],
  ['divider', deferred(() => import('./divider'))],
  ['skeleton', deferred(() => import('./skeleton'))],
  ['result', deferred(() => import('./result'))],
  ['badge', deferred(() => import('./badge'))],
  ['tag', deferred(() => import('./tag'))],
  ['card', deferred(() => import('./card'))],
  ['grid', deferred(() => import('./grid'))],
  ['list', deferred(() => import('./list'))],
  ['list-item', deferred(() => import('./list-item'))],
  ['infinite-list', deferred(() => import('./infinite-list'))],
  ['sku-picker', deferred(() => import('./sku-picker'))],
  ['tabs', deferred(() => import('./tabs'))],
  ['popup', deferred(() => import('./popup'))],
  ['field-input', deferred(() => import('./field-input'))],
  ['field-password', deferred(() => import('./field-password'))],
  ['field-textarea', deferred(() => import('./field-textarea'))],
  ['field-checkbox', deferred(() => import('./field-checkbox'))],
  ['field-radio', deferred(() => import('./field-radio'))],
  ['field-checks', deferred(() => import('./field-checks'))],
  ['countdown-button', deferred(() => import('./countdown-button'))],
  ['qr-code', deferred(() => import('./qr-code'))],
  ['text-diff', deferred(() => import('./text-diff'))],
  // CodeMirror 6 and the JSON-schema extension: console pages only
  ['field-json-editor', deferred(() => import('./field-json-editor'))],
  // a form generated from a document's JSON Schema: console pages only
  ['field-schema-form', deferred(() => import('./field-schema-form'))],
  ['html', deferred(() => import('./html'))],
  ['index-list', deferred(() => import('./index-list'))],
  ['field-date', deferred(() => import('./field-date'))],
  ['field-picker', deferred(() => import('./field-picker'))],
  ['field-cascade', deferred(() => import('./field-cascade'))],
  ['field-image-uploader', deferred(() => import('./field-image-uploader'))],
  ['crest', deferred(() => import('./crest'))],
  ['match-header', deferred(() => import('./match-header'))],
  ['support-bar', deferred(() => import('./support-bar'))],
  ['event-timeline', deferred(() => import('./event-timeline'))],
  ['stat-bars', deferred(() => import('./stat-bars'))],
  ['momentum-graph', deferred(() => import('./momentum-graph'))],
  ['odds-table', deferred(() => import('./odds-table'))],
  ['lineup-pitch', deferred(() => import('./lineup-pitch'))],
  ['match-animation', deferred(() => import('./match-animation'))],
  ['live-video', deferred(() => import('./live-video'))],
  // the gifts ride in the player's chunk: they only ever show in a live room, beside it
  ['live-gifts', deferred(() => import('./live-video').then((m) => ({ default: m.LiveGifts })))],
  ['live-lucky-bag', deferred(() => import('./live-lucky-bag'))],
  ['search-panel', deferred(() => import('./search-panel'))],
  ['prob-bars', deferred(() => import('./prob-bars'))],
  ['pay-redirect', deferred(() => import('./pay-redirect'))],
  // these two read screens/rules.json, which the first load leaves out
  ['chat', deferred(() => withRules(import('./chat')))],
  ['pick-grid', deferred(() => withRules(import('./pick-grid')))],
  ['carousel', deferred(() => import('./carousel'))],
  ['data-table', deferred(() => import('./data-table'))],
  ['recent-visits', deferred(() => import('./recent-visits'))],
];

export function createDefaultRegistry(): WidgetRegistry {
  return new Map<string, RegistryEntry>([
    ['page', eager(PageWidget)],
    ['stack', eager(StackWidget)],
    ['text', eager(TextWidget)],
    ['spacer', eager(SpacerWidget)],
    ['icon', eager(IconWidget)],
    ['empty', eager(EmptyWidget)],
    ['coming-soon', deferred(() => import('./coming-soon'))],
    ['tab-strip', eager(TabStripWidget)],
    ['date-strip', eager(DateStripWidget)],
    ['virtual-list', eager(VirtualListWidget)],
    ['match-card', eager(MatchCardWidget)],
    ['filter-sheet', eager(FilterSheetWidget)],
    ...DEFERRED,
  ]);
}
