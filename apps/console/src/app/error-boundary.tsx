import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError, reloadOnceForChunkError } from './chunk-reload.ts';
import { ErrorScreen } from './error-screen.tsx';

interface Props {
  children: ReactNode;
  /** When it changes (another page), a failed boundary tries its children again. */
  resetKey?: string;
}

interface State {
  failed: boolean;
}

/** Catches rendering errors: around the whole console, and around the routes (reset by the next page). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Rendering failed', error, info.componentStack);
    if (isChunkLoadError(error)) reloadOnceForChunkError();
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
