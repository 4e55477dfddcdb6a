import { CenterPopup, Popup } from 'antd-mobile';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../engine/contract';
import { asText, flagOn } from '../shared/css';
import type { PopupProps } from './popup-props';
import './popup.css';

/** Controlled by `visible`; every way of closing (mask, close button) emits `close` for the screen to act on. */
export default function PopupBody({ props, emit, renderChildren }: WidgetProps<PopupProps>) {
  const { t } = useTranslation();
  const visible = Boolean(props.visible);
  const title = asText(props.title);
  const closable = flagOn(props.closable, true);
  const close = () => void emit('close');
  const position = props.position ?? 'bottom';
  const fullscreen = Boolean(props.fullscreen);

  const header: ReactNode =
    title || closable ? (
      <div className="gf-popup__header">
        <h2 className="gf-popup__title">{title}</h2>
        {closable ? (
          <button
            type="button"
            className="gf-popup__close"
            aria-label={t('widget.popup.close')}
            onClick={close}
          >
            <CloseOutline aria-hidden />
          </button>
        ) : null}
      </div>
    ) : null;
  const content = (
    <div className="gf-popup" role="dialog" aria-modal="true" aria-label={title || undefined}>
      {header}
      <div className="gf-popup__body">{visible ? renderChildren() : null}</div>
    </div>
  );

  const maskClose = flagOn(props.closeOnMaskClick, true);
  if (position === 'center') {
    return (
      <CenterPopup visible={visible} onMaskClick={maskClose ? close : undefined} destroyOnClose>
        {content}
      </CenterPopup>
    );
  }
  const sideStyle =
    position === 'left' || position === 'right' ? { width: fullscreen ? '100vw' : '80vw' } : {};
  const vertStyle =
    position === 'bottom' || position === 'top'
      ? { height: fullscreen ? '100vh' : undefined, maxHeight: fullscreen ? undefined : '85vh' }
      : {};
  return (
    <Popup
      visible={visible}
      position={position}
      onMaskClick={maskClose ? close : undefined}
      destroyOnClose
      bodyStyle={{ ...sideStyle, ...vertStyle, display: 'flex', flexDirection: 'column' }}
      bodyClassName={position === 'bottom' && !fullscreen ? 'gf-popup--rounded' : undefined}
    >
      {content}
    </Popup>
  );
}
