import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError, reloadOnceForChunkError } from './chunk-reload.ts';
import { ErrorScreen } from './error-screen.tsx';

interface Props {
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Catches rendering errors outside the router's own error handling. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Rendering failed', error, info.componentStack);
    if (isChunkLoadError(error)) reloadOnceForChunkError();
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
