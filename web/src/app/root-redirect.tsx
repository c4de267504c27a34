// The bare root (docs/product.md#routes): 'Redirection...', noindex, and a history replace to /fr or /en from
// the browser language — or from the saved language of a signed-in user.
import { useEffect } from 'react';
import { browserLanguage } from '@/lib/i18n';
import { getSession } from '@/lib/session';

export function RootRedirect() {
  useEffect(() => {
    const language = getSession()?.user.language ?? browserLanguage();
    window.location.replace(`/${language}${window.location.search}`);
  }, []);
  return (
    <main className="grid min-h-dvh place-items-center">
      <meta name="robots" content="noindex" />
      <p className="text-ink-muted">Redirection...</p>
    </main>
  );
}
