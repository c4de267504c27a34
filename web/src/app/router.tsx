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

const LandingPage = lazy(() => import('@/features/landing/landing-page'));
const LoginPage = lazy(() => import('@/features/auth/login-page'));
const ResetPasswordPage = lazy(() => import('@/features/auth/reset-password-page'));
const PricingPage = lazy(() => import('@/features/pricing/pricing-page'));
const ImprintPage = lazy(() => import('@/features/legal/imprint-page'));
const TermsPage = lazy(() => import('@/features/legal/terms-page'));
const DashboardPage = lazy(() => import('@/features/dashboard/dashboard-page'));

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
        </Route>
        <Route path="*" element={<UnprefixedRedirect />} />
      </Routes>
    </BrowserRouter>
  );
}
