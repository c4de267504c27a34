// The pages of core/src/routes.ts (docs/product.md#routes) with their layouts and guard: the table
// holds the paths, this file the components. Every page is its own chunk, so public pages never
// download the dashboard. Declarative routing on purpose: the data router adds ~16 KB gzip to every
// page and nothing here needs loaders (docs/decisions/011-web-app-shell.md).
import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { matchLocalizedRoute, routes, type LocalizedRouteId } from '@questkeeper/core/routes';
import { LanguageLayout } from './layouts/language-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootRedirect } from './root-redirect';
import { RequireAuth } from './require-auth';
import { NotFoundPage } from './not-found-page';
import { UnprefixedRedirect } from './unprefixed-redirect';
import { ErrorBoundary } from './error-boundary';
import { PageLoading } from './page-loading';

// One chunk per page of core's route table; preloadPage() starts a download early. A page added to
// the table fails the typecheck here until it has a chunk.
const pages = {
  landing: () => import('@/features/landing/landing-page'),
  login: () => import('@/features/auth/login-page'),
  resetPassword: () => import('@/features/auth/reset-password-page'),
  pricing: () => import('@/features/pricing/pricing-page'),
  imprint: () => import('@/features/legal/imprint-page'),
  termsOfService: () => import('@/features/legal/terms-page'),
  dashboard: () => import('./dashboard/dashboard-page'),
  demoCheckout: () => import('@/features/demo-payments/demo-checkout-page'),
  demoPortal: () => import('@/features/demo-payments/demo-portal-page'),
  playerView: () => import('@/features/player-view/player-view-page'),
} as const satisfies Record<LocalizedRouteId, () => Promise<unknown>>;

/** Starts loading the page of `pathname` while the entry still loads the locale (no waterfall). */
export function preloadPage(pathname: string): void {
  const id = matchLocalizedRoute(pathname.replace(/^\/[^/]*/, ''));
  if (id) void pages[id]().catch(() => undefined);
}

const LandingPage = lazy(pages.landing);
const LoginPage = lazy(pages.login);
const ResetPasswordPage = lazy(pages.resetPassword);
const PricingPage = lazy(pages.pricing);
const ImprintPage = lazy(pages.imprint);
const TermsPage = lazy(pages.termsOfService);
const DashboardPage = lazy(pages.dashboard);
const DemoCheckoutPage = lazy(pages.demoCheckout);
const DemoPortalPage = lazy(pages.demoPortal);
const PlayerViewPage = lazy(pages.playerView);

/** A table path as a child of the `:lang` route: '/pricing' → 'pricing'. */
const below = (id: LocalizedRouteId) => routes[id].path.slice(1);

const page = (element: ReactNode) => (
  <ErrorBoundary>
    <Suspense fallback={<PageLoading />}>{element}</Suspense>
  </ErrorBoundary>
);

/** The route tree, apart so router.test.tsx can hold it against core's table. */
export const routeTree = (
  <>
    <Route path={routes.root.path} element={<RootRedirect />} />
    <Route path=":lang" element={<LanguageLayout />}>
      <Route element={<PublicLayout />}>
        <Route index element={page(<LandingPage />)} />
        <Route path={below('login')} element={page(<LoginPage />)} />
        <Route path={below('resetPassword')} element={page(<ResetPasswordPage />)} />
        <Route path={below('pricing')} element={page(<PricingPage />)} />
        <Route path={below('imprint')} element={page(<ImprintPage />)} />
        <Route path={below('termsOfService')} element={page(<TermsPage />)} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path={below('dashboard')} element={<RequireAuth />}>
        <Route index element={page(<DashboardPage />)} />
      </Route>
      {/* No guard and no site layout: the session id in the URL is the capability, as with a
          provider's hosted page (decision 018). */}
      <Route path={below('demoCheckout')} element={page(<DemoCheckoutPage />)} />
      <Route path={below('demoPortal')} element={page(<DemoPortalPage />)} />
      {/* Public: the token in the URL is a read-only capability (docs/decisions/028). */}
      <Route path={below('playerView')} element={page(<PlayerViewPage />)} />
    </Route>
    <Route path="*" element={<UnprefixedRedirect />} />
  </>
);

export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>{routeTree}</Routes>
    </BrowserRouter>
  );
}
