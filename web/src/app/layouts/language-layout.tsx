// The `/:lang` segment: applies the language (i18next, <html lang>), moves a signed-in user to
// their saved language (docs/product.md#languages), and shows Not Found for an unknown language segment.
// Every page of the app is below it, so it also holds the demo banner (decision 045).
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { applyLanguage, browserLanguage, isLanguage, type Language } from '@/lib/i18n';
import { swapLanguage } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { NotFoundPage } from '../not-found-page';
import { DemoBanner } from './demo-banner';
import { PublicLayout } from './public-layout';

export function LanguageLayout({
  fallbackLanguage,
  notFound = false,
}: {
  fallbackLanguage?: Language;
  notFound?: boolean;
}) {
  const { lang } = useParams();
  const location = useLocation();
  const session = useSession();
  const valid = !notFound && isLanguage(lang);
  const language: Language = valid ? lang : (fallbackLanguage ?? session?.user.language ?? browserLanguage());

  useEffect(() => {
    void applyLanguage(language);
  }, [language]);

  if (valid && session && session.user.language !== language) {
    const to = swapLanguage(location.pathname, session.user.language) + location.search + location.hash;
    return <Navigate replace to={to} />;
  }
  if (!valid) {
    return (
      <>
        <DemoBanner />
        <PublicLayout>
          <NotFoundPage />
        </PublicLayout>
      </>
    );
  }
  return (
    <>
      <DemoBanner />
      <Outlet />
    </>
  );
}
