import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashNotice } from '../shared/ui/CrashNotice';

interface ErrorBoundaryState {
  failed: boolean;
}

/**
 * Catches rendering errors (and page code that failed to load after a new release) so the
 * user sees a way out instead of a blank page. React offers this only as a class component.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  render(): ReactNode {
    return this.state.failed ? <CrashNotice /> : this.props.children;
  }
}
