import { ImageUploader, type ImageUploadItem, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useEngineServices } from '../../engine';
import type { WidgetProps } from '../../engine/contract';
import { useField } from '../../engine/forms/hooks';
import { asNumber, asText } from '../shared/css';
import { FieldFrame } from '../shared/field-frame';
import { acceptFor, isAccepted, type UploadFormat, uploadFormats, uploadPathFor } from './accept-jpeg';

export interface FieldImageUploaderProps {
  form?: string;
  name?: string;
  label?: string;
  /** number of images; with 1 the value is a url string, otherwise a url array */
  max?: number;
  /** default 5 (the server's limit) */
  maxSizeMB?: number;
  /** upload endpoint; the default is the user attachment store */
  path?: string;
  /** formats the field takes (default jpeg only); more are also asked of the endpoint (`?types=`) */
  formats?: UploadFormat[];
  /** the toast for a file of another format (default: jpg/jpeg only) */
  wrongTypeText?: string;
}

const UPLOAD_PATH = '/mdr/api/v1/user/attachments';

function toItems(value: unknown): ImageUploadItem[] {
  const urls = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? [value] : [];
  return urls.filter((u): u is string => typeof u === 'string' && u !== '').map((url) => ({ key: url, url }));
}

export default function FieldImageUploaderWidget({ props }: WidgetProps<FieldImageUploaderProps>) {
  const { t } = useTranslation();
  const services = useEngineServices();
  const field = useField(asText(props.form), asText(props.name));
  const max = Math.max(1, Math.floor(asNumber(props.max, 1)));
  const maxSizeMB = asNumber(props.maxSizeMB, 5);
  const formats = uploadFormats(props.formats);
  const path = uploadPathFor(asText(props.path) || UPLOAD_PATH, formats);

  const beforeUpload = (file: File): File | null => {
    if (!isAccepted(file, formats)) {
      Toast.show({ content: asText(props.wrongTypeText) || t('upload.jpgOnly') });
      return null;
    }
    if (file.size > maxSizeMB * 1024 * 1024) {
      Toast.show({ content: t('upload.tooLarge', { n: maxSizeMB }) });
      return null;
    }
    return file;
  };

  const upload = async (file: File): Promise<ImageUploadItem> => {
    const [stored] = await services.api.upload(path, [file]);
    if (!stored?.url) throw new Error('upload returned no url');
    return { key: stored.url, url: stored.url };
  };

  const change = (items: ImageUploadItem[]) => {
    const urls = items.map((i) => i.url);
    field.onChange(max === 1 ? (urls[0] ?? '') : urls);
    field.onBlur();
  };

  return (
    <FieldFrame label={asText(props.label)} error={field.error}>
      <ImageUploader
        accept={acceptFor(formats)}
        multiple={max > 1}
        maxCount={max}
        value={toItems(field.value)}
        beforeUpload={beforeUpload}
        upload={upload}
        onChange={change}
        // a refused upload already told the user why (the api client's toast); a red tile left behind
        // would only need deleting by hand
        showFailed={false}
        onCountExceed={(n) => Toast.show({ content: t('upload.tooMany', { n: max, extra: n }) })}
      />
    </FieldFrame>
  );
}
