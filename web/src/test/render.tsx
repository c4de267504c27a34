// One render for component tests (after bulletproof-react's test-utils): the providers the
// dashboard's screens read — server state (TanStack Query, no retries, a fresh cache per render),
// the router (at `route`), the upgrade opener (`onUpgrade`, a spy to assert on) and the toasts (the
// dashboard's <Toaster />, emptied for each render). i18n is set up once for every test in ./setup.ts.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { toast } from '@/components/toast/toast-store';
import { Toaster } from '@/components/toast/toaster';
import { UpgradeContext } from '@/components/upgrade/upgrade-context';

export interface RenderOptions {
  /** The router's current URL. */
  route?: string;
  /** What opening the upgrade modal calls; nothing by default. */
  onUpgrade?: () => void;
}

const noUpgrade = () => undefined;

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', onUpgrade = noUpgrade }: RenderOptions = {},
) {
  toast.clear();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <UpgradeContext value={onUpgrade}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        <Toaster />
      </UpgradeContext>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
