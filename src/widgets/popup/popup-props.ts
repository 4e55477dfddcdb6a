export interface PopupProps {
  visible?: boolean;
  position?: 'bottom' | 'right' | 'center' | 'top' | 'left';
  title?: unknown;
  closable?: boolean;
  fullscreen?: boolean;
  /** tapping the mask closes (emits close); default true */
  closeOnMaskClick?: boolean;
}
