/**
 * antd-mobile's built-in texts (picker confirm/cancel, mask and close labels, image-uploader label...)
 * default to simplified Chinese; the app language decides them instead. Call at boot and on setLang.
 */
import { setDefaultConfig } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhHK from 'antd-mobile/es/locales/zh-HK';
import zhTW from 'antd-mobile/es/locales/zh-TW';

const LOCALES = { zhhk: zhHK, zhcn: zhCN, zhtw: zhTW } as const;

export function applyAntdLocale(lang: string): void {
  setDefaultConfig({ locale: LOCALES[lang as keyof typeof LOCALES] ?? zhHK });
}
