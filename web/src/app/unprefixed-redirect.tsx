// A path without a language: known pages move to the preferred language's path (query kept,
// docs/product.md#routes); anything else is the Not Found page. The server does the same for full loads.
import { Navigate, useLocation } from 'react-router';
import { browserLanguage } from '@/lib/i18n';
import { isUnprefixedAppPath } from '@/lib/paths';
import { getSession } from '@/lib/session';
import { LanguageLayout } from './layouts/language-layout';

export function UnprefixedRedirect() {
  const location = useLocation();
  const language = getSession()?.user.language ?? browserLanguage();
  if (isUnprefixedAppPath(location.pathname)) {
    const path = location.pathname.replace(/\/+$/, '');
    return <Navigate replace to={`/${language}${path}${location.search}${location.hash}`} />;
  }
  return <LanguageLayout fallbackLanguage={language} notFound />;
}
