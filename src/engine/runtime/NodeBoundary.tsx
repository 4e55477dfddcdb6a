import { Component, type ReactNode } from 'react';
import type { EngineServices } from '../services';

const boxStyle = {
  margin: 8,
  padding: 8,
  border: '1px dashed #d9363e',
  borderRadius: 4,
  color: '#a8071a',
  fontSize: 12,
} as const;

/** What users see instead of a broken or unknown widget: small, visible, never a blank screen. */
export function FallbackBox({ text, type }: { text: string; type: string }) {
  return (
    <div role="alert" data-widget-fallback={type} style={boxStyle}>
      {text}
    </div>
  );
}

export function reportProblem(
  services: EngineServices | null,
  name: string,
  payload: Record<string, unknown>,
) {
  console.error(`[engine] ${name}`, payload);
  services?.analytics({ kind: 'error', name, time: Date.now(), uid: null, payload });
}

interface Props {
  type: string;
  services: EngineServices | null;
  children: ReactNode;
}

/** One per node: a widget that throws replaces only itself with a fallback box. */
export class NodeBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    reportProblem(this.props.services, 'widgetError', { type: this.props.type, message: String(error) });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    const text = this.props.services?.t('engine.widgetError', { type: this.props.type }) ?? 'Error';
    return <FallbackBox text={text} type={this.props.type} />;
  }
}
