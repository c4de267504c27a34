// Shown when a page fails to load (a chunk missing after a deploy) or crashes while rendering.
import { Component, type ReactNode } from 'react';
import { i18next } from '@/lib/i18n';

export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <p className="text-xl font-semibold">{i18next.t('common.genericError')}</p>
        <button
          type="button"
          className="h-11 rounded-control bg-brand px-4 font-medium text-on-brand"
          onClick={() => window.location.reload()}
        >
          {i18next.t('common.reload')}
        </button>
      </div>
    );
  }
}
