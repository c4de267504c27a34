// Routes of spec §2 and decisions.md. Every page is its own chunk, so public pages never download
// the dashboard. Declarative routing on purpose: the data router adds ~16 KB gzip to every page
// and nothing here needs loaders (docs/decisions/011-web-app-shell.md).
import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { LanguageLayout } from './layouts/language-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootRedirect } from './root-redirect';
import { RequireAuth } from './require-auth';
import { NotFoundPage } from './not-found-page';
import { UnprefixedRedirect } from './unprefixed-redirect';
import { ErrorBoundary } from './error-boundary';
import { PageLoading } from './page-loading';

// Page chunks, by path below the language segment; preloadPage() starts a download early.
const pages = {
  '': () => import('@/features/landing/landing-page'),
  login: () => import('@/features/auth/login-page'),
  'reset-password': () => import('@/features/auth/reset-password-page'),
  pricing: () => import('@/features/pricing/pricing-page'),
  imprint: () => import('@/features/legal/imprint-page'),
  'terms-of-service': () => import('@/features/legal/terms-page'),
  dashboard: () => import('./dashboard/dashboard-page'),
  // The demo payment provider's pages (decision 018); server/src/plugins/web.ts answers them 200.
  'demo-checkout': () => import('@/features/demo-payments/demo-checkout-page'),
  'demo-portal': () => import('@/features/demo-payments/demo-portal-page'),
} as const;

/** Starts loading the page of `pathname` while the entry still loads the locale (no waterfall). */
export function preloadPage(pathname: string): void {
  const key = pathname.split('/')[2] ?? '';
  if (Object.hasOwn(pages, key)) void pages[key as keyof typeof pages]().catch(() => undefined);
}

const LandingPage = lazy(pages['']);
const LoginPage = lazy(pages.login);
const ResetPasswordPage = lazy(pages['reset-password']);
const PricingPage = lazy(pages.pricing);
const ImprintPage = lazy(pages.imprint);
const TermsPage = lazy(pages['terms-of-service']);
const DashboardPage = lazy(pages.dashboard);
const DemoCheckoutPage = lazy(pages['demo-checkout']);
const DemoPortalPage = lazy(pages['demo-portal']);

const page = (element: ReactNode) => (
  <ErrorBoundary>
    <Suspense fallback={<PageLoading />}>{element}</Suspense>
  </ErrorBoundary>
);

export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<RootRedirect />} />
        <Route path=":lang" element={<LanguageLayout />}>
          <Route element={<PublicLayout />}>
            <Route index element={page(<LandingPage />)} />
            <Route path="login" element={page(<LoginPage />)} />
            <Route path="reset-password" element={page(<ResetPasswordPage />)} />
            <Route path="pricing" element={page(<PricingPage />)} />
            <Route path="imprint" element={page(<ImprintPage />)} />
            <Route path="terms-of-service" element={page(<TermsPage />)} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route path="dashboard" element={<RequireAuth />}>
            <Route index element={page(<DashboardPage />)} />
          </Route>
          {/* No guard: the session id in the URL is the capability, as with a provider's page. */}
          <Route path="demo-checkout/:id" element={page(<DemoCheckoutPage />)} />
          <Route path="demo-portal/:id" element={page(<DemoPortalPage />)} />
        </Route>
        <Route path="*" element={<UnprefixedRedirect />} />
      </Routes>
    </BrowserRouter>
  );
}
