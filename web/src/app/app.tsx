import { useEffect } from 'react';
import { refreshSession } from '@/lib/api-client';
import { getSession } from '@/lib/session';
import { AppRoutes } from './router';

export function App() {
  // docs/product.md#session: the stored session is refreshed at start; a token the server refuses logs out
  // (the API client clears the session on 401). Unreachable server: keep the session and try again later.
  useEffect(() => {
    if (getSession()) refreshSession().catch(() => undefined);
  }, []);
  return <AppRoutes />;
}
