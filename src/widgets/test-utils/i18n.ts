import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhhk from '../../../locales/zhhk.json';

/** The real zhhk texts, so tests assert what a Hong Kong user reads. */
export function initTestI18n() {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: 'zhhk',
      fallbackLng: 'zhhk',
      resources: { zhhk: { translation: zhhk } },
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  }
  return i18next;
}
