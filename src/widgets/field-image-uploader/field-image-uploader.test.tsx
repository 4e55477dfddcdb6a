import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServices } from '../../engine/testing/fake-services';
import { renderWidgets } from '../test-utils/render-widgets';

afterEach(cleanup);

const uploaderNode = {
  type: 'field-image-uploader',
  props: { form: 'f', name: 'avatar', max: 1, maxSizeMB: 1 },
};
/** a picked image's tile (the add button is a cell too) */
const TILE = '.adm-image-uploader-cell:not(.adm-image-uploader-upload-button)';
const valueText = { type: 'text', props: { text: 'avatar={{ form.f.avatar }}' } };

async function pick(container: HTMLElement, file: File) {
  const input = await waitFor(() => {
    const el = container.querySelector('input[type="file"]');
    if (!el) throw new Error('uploader not rendered yet');
    return el as HTMLInputElement;
  });
  expect(input.accept).toContain('image/jpeg');
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

describe('field-image-uploader', () => {
  it('refuses a PNG with a toast and uploads nothing', async () => {
    const services = createFakeServices();
    const upload = vi.spyOn(services.api, 'upload');
    const { container } = renderWidgets([uploaderNode], { services });
    await pick(container, new File(['png'], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByText('僅支持jpg/jpeg格式圖片')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses a JPEG over maxSizeMB', async () => {
    const services = createFakeServices();
    const upload = vi.spyOn(services.api, 'upload');
    const { container } = renderWidgets([uploaderNode], { services });
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await pick(container, big);
    expect(await screen.findByText('圖片不能超過1MB')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads a JPEG to the attachment store and keeps its url as the value', async () => {
    const services = createFakeServices();
    const upload = vi.spyOn(services.api, 'upload');
    const { container } = renderWidgets([uploaderNode, valueText], { services, form: { avatar: '' } });
    await pick(container, new File(['jpg'], 'me.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('avatar=/uploads/me.jpg')).toBeTruthy();
    expect(upload).toHaveBeenCalledWith('/mdr/api/v1/user/attachments', [
      expect.objectContaining({ name: 'me.jpg' }),
    ]);
  });

  it('takes png and webp when the form lists them, asking the store for them; refuses others with its text', async () => {
    const services = createFakeServices();
    const upload = vi.spyOn(services.api, 'upload');
    const node = {
      type: 'field-image-uploader',
      props: {
        form: 'f',
        name: 'pics',
        max: 3,
        formats: ['jpeg', 'png', 'webp'],
        wrongTypeText: 'jpg/png/webp only',
      },
    };
    const { container } = renderWidgets([node], { services, form: { pics: [] } });
    const input = await waitFor(() => {
      const el = container.querySelector('input[type="file"]');
      if (!el) throw new Error('uploader not rendered yet');
      return el as HTMLInputElement;
    });
    expect(input.accept).toContain('image/webp');
    expect(input.accept).toContain('.png');
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['gif'], 'anim.gif', { type: 'image/gif' })] } });
    });
    expect(await screen.findByText('jpg/png/webp only')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['png'], 'kit.png', { type: 'image/png' })] } });
    });
    await waitFor(() =>
      expect(upload).toHaveBeenCalledWith('/mdr/api/v1/user/attachments?types=jpg,png,webp', [
        expect.objectContaining({ name: 'kit.png' }),
      ]),
    );
  });

  it('leaves no tile when the store refuses the file (the refusal was told, nothing to delete)', async () => {
    const services = createFakeServices();
    let refuse: (e: unknown) => void = () => {};
    vi.spyOn(services.api, 'upload').mockImplementation(
      () =>
        new Promise((_, reject) => {
          refuse = reject;
        }),
    );
    const { container } = renderWidgets([uploaderNode, valueText], { services, form: { avatar: '' } });
    await pick(container, new File(['not really a jpeg'], 'fake.jpg', { type: 'image/jpeg' }));
    // while it uploads the tile is there
    await waitFor(() => expect(container.querySelectorAll(TILE).length).toBe(1));
    await act(async () => refuse({ code: 100400, msg: 'not a jpeg' }));
    await waitFor(() => expect(container.querySelectorAll(TILE).length).toBe(0));
    expect(container.querySelector('.adm-image-uploader-cell-fail')).toBeNull();
    expect(screen.getByText('avatar=')).toBeTruthy();
  });
});
