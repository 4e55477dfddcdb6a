import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EngineServices, EngineServicesProvider } from '../../engine/services';
import { initTestI18n } from '../test-utils/i18n';
import { widgetProps } from '../test-utils/widget-props';
import LiveVideoWidget from '.';

vi.mock('hls.js/light', () => ({ default: { isSupported: () => false } }));

const listeners = new Map<string, (m: unknown) => void>();
const services = {
  realtime: {
    subscribe: (topic: string, fn: (m: unknown) => void) => {
      listeners.set(topic, fn);
      return () => listeners.delete(topic);
    },
  },
} as unknown as EngineServices;

const lines = [
  { id: '1', url: '/live-hls/7/1/index.m3u8' },
  { id: '2', url: '/live-hls/7/2/index.m3u8' },
];

function mount(props: Record<string, unknown>) {
  return render(
    <EngineServicesProvider value={services}>
      <LiveVideoWidget {...widgetProps(props)} />
    </EngineServicesProvider>,
  );
}

beforeEach(() => {
  initTestI18n();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  listeners.clear();
});

describe('live video', () => {
  it('starts muted with the notice, which hides 2 s after playback starts', () => {
    const { getByTestId, queryByTestId, container } = mount({ lines, room: 7, viewers: 3 });
    const video = container.querySelector('video') as HTMLVideoElement;
    expect(video.muted).toBe(true);
    expect(getByTestId('live-muted-notice')).toBeTruthy();
    act(() => vi.advanceTimersByTime(5000));
    // not started yet: the notice stays
    expect(queryByTestId('live-muted-notice')).toBeTruthy();
    fireEvent(video, new Event('playing'));
    act(() => vi.advanceTimersByTime(1900));
    expect(queryByTestId('live-muted-notice')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(queryByTestId('live-muted-notice')).toBeNull();
  });

  it('switches lines on the same element and takes pushed viewer counts and status', () => {
    const { getByTestId, container, queryByTestId } = mount({ lines, room: 7, viewers: 3 });
    const video = container.querySelector('video') as HTMLVideoElement;
    expect(getByTestId('live-viewers').textContent).toContain('3');
    fireEvent.click(getByTestId('live-line-button'));
    fireEvent.click(getByTestId('live-line-2'));
    expect(container.querySelector('video')).toBe(video);
    expect(video.getAttribute('data-line')).toBe('2');
    act(() => listeners.get('live:7')?.({ kind: 'viewers', room_id: 7, viewers: 41 }));
    expect(getByTestId('live-viewers').textContent).toContain('41');
    act(() => listeners.get('live:7')?.({ kind: 'status', room_id: 7, status: 'ended' }));
    expect(queryByTestId('live-offline')).toBeTruthy();
  });

  it('shows the offline state without lines', () => {
    const { getByTestId, queryByTestId } = mount({ lines: [], room: 7 });
    expect(getByTestId('live-offline')).toBeTruthy();
    expect(queryByTestId('live-muted-notice')).toBeNull();
  });
});
