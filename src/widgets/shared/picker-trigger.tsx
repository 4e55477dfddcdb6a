import DownOutline from 'antd-mobile-icons/es/DownOutline';
import './picker-trigger.css';

interface PickerTriggerProps {
  id: string;
  text: string;
  placeholder: string;
  disabled?: boolean;
  onOpen: () => void;
}

/** The tappable "value or placeholder" row that opens a picker sheet. */
export function PickerTrigger({ id, text, placeholder, disabled, onOpen }: PickerTriggerProps) {
  return (
    <button
      id={id}
      type="button"
      className={text ? 'gf-picker-trigger' : 'gf-picker-trigger gf-picker-trigger--empty'}
      disabled={disabled}
      aria-haspopup="dialog"
      onClick={onOpen}
    >
      <span className="gf-picker-trigger__text">{text || placeholder}</span>
      <DownOutline aria-hidden />
    </button>
  );
}
