import { DotLoading, IndexBar, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { evalTemplate, useSource } from '../../engine';
import type { Scope, WidgetProps } from '../../engine/contract';
import { asText, cssSize } from '../shared/css';
import './index-list.css';

export interface IndexListProps {
  /** name of a screen data source holding the groups */
  source?: string;
  /** the groups given directly, instead of a source */
  items?: unknown[];
  /** dotted path to the groups array inside the source data (default: the data itself) */
  groups?: string;
  /** per-item templates over {item}; read raw from the node because the engine has no item when it evaluates props */
  titleTemplate?: string;
  extraTemplate?: string;
  height?: number | string;
}

interface Group {
  letter: string;
  list: Record<string, unknown>[];
}

function at(data: unknown, path: string): unknown {
  if (!path) return data;
  return path
    .split('.')
    .reduce<unknown>(
      (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
      data,
    );
}

function toGroups(value: unknown): Group[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (g): g is Group =>
      Boolean(g) && typeof g === 'object' && typeof g.letter === 'string' && Array.isArray(g.list),
  );
}

/** Country-code lists show the traditional name for zhhk/zhtw and the simplified one for zhcn (spec §3). */
function defaultTitle(item: Record<string, unknown>, lang: string): string {
  const name = lang === 'zhcn' ? item.name_zh : (item.name_zh_tr ?? item.name_zh);
  return asText(name ?? item.name ?? item.title);
}

function IndexListView({
  node,
  scope,
  emit,
  groups,
  loading,
  height,
}: Pick<WidgetProps, 'node' | 'scope' | 'emit'> & {
  groups: Group[];
  loading: boolean;
  height?: string;
}) {
  const { t } = useTranslation();
  const raw = node.props ?? {};
  const render = (
    template: unknown,
    item: Record<string, unknown>,
    index: number,
    fallback: string,
  ): string => {
    if (typeof template !== 'string' || template === '') return fallback;
    const value = evalTemplate(template, { ...scope, item, index } satisfies Scope, { t: (k, a) => t(k, a) });
    return asText(value);
  };
  if (loading) {
    return (
      <div className="gf-index-list__loading" role="status">
        <DotLoading color="primary" /> {t('common.loading')}
      </div>
    );
  }
  return (
    <div className="gf-index-list" style={{ height: height ?? '100%' }}>
      <IndexBar>
        {groups.map((group) => (
          <IndexBar.Panel key={group.letter} index={group.letter} title={group.letter}>
            <List>
              {group.list.map((item, index) => {
                const phone = item.phone_code === undefined ? '' : `+${asText(item.phone_code)}`;
                return (
                  <List.Item
                    key={asText(item.iso ?? item.id ?? item.code) || `${group.letter}-${index}`}
                    arrowIcon={false}
                    extra={render(raw.extraTemplate, item, index, phone)}
                    onClick={() => void emit('select', { item })}
                  >
                    {render(
                      raw.titleTemplate,
                      item,
                      index,
                      defaultTitle(item, scope.session?.lang ?? 'zhhk'),
                    )}
                  </List.Item>
                );
              })}
            </List>
          </IndexBar.Panel>
        ))}
      </IndexBar>
    </div>
  );
}

function IndexListFromSource(props: WidgetProps<IndexListProps>) {
  const query = useSource(asText(props.props.source));
  const groups = toGroups(at(query.data, asText(props.props.groups)));
  return (
    <IndexListView
      {...props}
      groups={groups}
      loading={Boolean(query.isLoading)}
      height={cssSize(props.props.height)}
    />
  );
}

export default function IndexListWidget(props: WidgetProps<IndexListProps>) {
  if (Array.isArray(props.props.items)) {
    const groups = toGroups(props.props.items);
    return <IndexListView {...props} groups={groups} loading={false} height={cssSize(props.props.height)} />;
  }
  return <IndexListFromSource {...props} />;
}
