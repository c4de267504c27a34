// The route guard: anonymous visitors go to /{lang}/login (docs/product.md#routes).
import { Navigate, Outlet, useParams } from 'react-router';
import { isLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useViewKey } from './layouts/use-view-key';

export function RequireAuth() {
  const session = useSession();
  const viewKey = useViewKey({ ignoreSearch: true });
  const { lang } = useParams();
  if (!session) return <Navigate replace to={`/${isLanguage(lang) ? lang : 'en'}/login`} />;
  return <Outlet key={viewKey} />;
}
