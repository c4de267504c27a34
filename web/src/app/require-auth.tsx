// The route guard: anonymous visitors go to /{lang}/login (decisions.md).
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { isLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';

export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const { lang } = useParams();
  if (!session) return <Navigate replace to={`/${isLanguage(lang) ? lang : 'en'}/login`} />;
  return <Outlet key={location.key} />;
}
