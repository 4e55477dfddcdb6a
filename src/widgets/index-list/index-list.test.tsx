import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeServices } from '../../engine/testing/fake-services';
import { renderWidgets } from '../test-utils/render-widgets';

afterEach(cleanup);

const countryCodes = [
  { letter: 'H', list: [{ iso: 'HK', name_zh: '香港', name_zh_tr: '香港', phone_code: '852' }] },
  { letter: 'T', list: [{ iso: 'TW', name_zh: '台湾', name_zh_tr: '台灣', phone_code: '886' }] },
];

describe('index-list', () => {
  it('lists a source by letter with the templates and reports the chosen item', async () => {
    const services = createFakeServices();
    services.answer('GET /prs/api/v1/user/country-codes', () => countryCodes);
    renderWidgets(
      [
        {
          type: 'index-list',
          props: {
            source: 'codes',
            titleTemplate: "{{ session.lang == 'zhcn' ? item.name_zh : item.name_zh_tr }}",
            extraTemplate: '+{{ item.phone_code }}',
            height: 400,
          },
          on: { select: [{ type: 'setState', path: 'area', value: '{{ item.phone_code }}' }] },
        },
        { type: 'text', props: { text: 'area={{ state.area }}' } },
      ],
      {
        services,
        state: { area: '' },
        data: { codes: { request: { method: 'GET', path: '/prs/api/v1/user/country-codes' } } },
      },
    );
    expect(await screen.findByText('台灣', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('+886')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByText('台灣'));
    });
    expect(screen.getByText('area=886')).toBeTruthy();
  }, 20000);
});
