import { Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEngineServices } from '../../engine';
import type { WidgetProps } from '../../engine/contract';
import { useField } from '../../engine/forms/hooks';
import { asText } from '../shared/css';
import { FieldFrame, fieldId } from '../shared/field-frame';
import { PickerTrigger } from '../shared/picker-trigger';
import './field-cascade.css';

export interface FieldCascadeProps {
  form?: string;
  name?: string;
  label?: string;
  placeholder?: string;
  title?: string;
  /** GET endpoint answering the children of `parent` (the top level without it), e.g. /mdr/api/v1/regions */
  path?: string;
  /** query parameter naming the parent (default parent) */
  parentParam?: string;
  valueKey?: string;
  labelKey?: string;
  /** item field that is true when the item has children (default has_children) */
  childrenKey?: string;
}

type Item = Record<string, unknown>;
type Step = { value: string; label: string };

/**
 * Cascading picker over a parent -> children API (regions: country or province, then district or
 * city...): a sheet lists one level at a time, a tap on an item with children opens the next level,
 * a tap on a leaf finishes. The field's value is the chosen path, `[{<valueKey>, <labelKey>}, ...]`,
 * top level first; the trigger shows the labels joined.
 */
export default function FieldCascadeWidget({ props }: WidgetProps<FieldCascadeProps>) {
  const { t } = useTranslation();
  const services = useEngineServices();
  const field = useField(asText(props.form), asText(props.name));
  const id = fieldId(props.form, props.name);
  const valueKey = asText(props.valueKey) || 'code';
  const labelKey = asText(props.labelKey) || 'name';
  const childrenKey = asText(props.childrenKey) || 'has_children';
  const path = asText(props.path);
  const parentParam = asText(props.parentParam) || 'parent';
  const [open, setOpen] = useState(false);
  const [trail, setTrail] = useState<Step[]>([]);
  const [items, setItems] = useState<Item[] | null>(null);
  const [failed, setFailed] = useState(false);

  const value = Array.isArray(field.value) ? (field.value as Item[]) : [];
  const text = value.map((v) => asText(v[labelKey])).join(' / ');
  const parent = trail.length ? trail[trail.length - 1].value : undefined;

  useEffect(() => {
    if (!open || !path) return;
    let live = true;
    setItems(null);
    setFailed(false);
    services.api
      .request<Item[]>({ method: 'GET', path, params: parent ? { [parentParam]: parent } : {}, silent: true })
      .then((list) => live && setItems(Array.isArray(list) ? list : []))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [open, path, parent, parentParam, services]);

  const pick = (item: Item) => {
    const step = { value: asText(item[valueKey]), label: asText(item[labelKey]) };
    if (item[childrenKey]) {
      setTrail([...trail, step]);
      return;
    }
    const chosen = [...trail, step].map((s) => ({ [valueKey]: s.value, [labelKey]: s.label }));
    field.onChange(chosen);
    setOpen(false);
    field.onBlur();
  };

  const label = asText(props.label);
  return (
    <FieldFrame htmlFor={id} label={label} error={field.error}>
      <PickerTrigger
        id={id}
        text={text}
        placeholder={asText(props.placeholder)}
        onOpen={() => {
          setTrail([]);
          setOpen(true);
        }}
      />
      <Popup
        visible={open}
        onMaskClick={() => {
          setOpen(false);
          field.onBlur();
        }}
        bodyStyle={{ height: '60vh', display: 'flex', flexDirection: 'column' }}
      >
        <div className="gf-cascade__head">
          <span className="gf-cascade__title">{asText(props.title) || label}</span>
          <button type="button" className="gf-cascade__link" onClick={() => setOpen(false)}>
            {t('common.cancel')}
          </button>
        </div>
        <nav className="gf-cascade__trail" aria-label={label}>
          <button type="button" className="gf-cascade__link" onClick={() => setTrail([])}>
            {t('common.back')}
          </button>
          {trail.map((s, i) => (
            <button
              key={s.value}
              type="button"
              className="gf-cascade__crumb"
              onClick={() => setTrail(trail.slice(0, i + 1))}
            >
              {s.label}
            </button>
          ))}
        </nav>
        <ul className="gf-cascade__list">
          {failed ? (
            <li className="gf-cascade__note">
              <button type="button" className="gf-cascade__link" onClick={() => setTrail([...trail])}>
                {t('common.retry')}
              </button>
            </li>
          ) : items === null ? (
            <li className="gf-cascade__note">{t('common.loading')}</li>
          ) : items.length === 0 ? (
            <li className="gf-cascade__note">{t('common.empty')}</li>
          ) : (
            items.map((item) => (
              <li key={asText(item[valueKey])}>
                <button type="button" className="gf-cascade__item" onClick={() => pick(item)}>
                  <span>{asText(item[labelKey])}</span>
                  {item[childrenKey] ? <span aria-hidden="true">›</span> : null}
                </button>
              </li>
            ))
          )}
        </ul>
      </Popup>
    </FieldFrame>
  );
}
