// Dashboard placeholder behind the guard; the dashboard itself is issue #4.
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogOut } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Logo } from '@/components/logo';
import { PageTitle } from '@/components/page-title';
import { logout } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export default function DashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  // A message handed over by the page that sent the user here (the login page's failed checkout).
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const [leaving, setLeaving] = useState(false);
  if (!session) return null;

  async function onLogout() {
    setLeaving(true);
    await logout();
    // Spec §2: logout sends the user to the root route.
    void navigate('/', { replace: true });
  }

  return (
    <div className="min-h-dvh">
      <PageTitle title={t('dashboard.title')} />
      <header className="flex h-16 items-center justify-between gap-3 border-b border-line bg-surface px-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-2">
          <Logo className="size-8 shrink-0" />
          <h1 className="truncate text-xl font-semibold">{t('dashboard.title')}</h1>
        </div>
        <div className="flex min-w-0 items-center gap-3">
          <span className="hidden truncate text-sm text-ink-muted sm:inline">{session.user.email}</span>
          <span className="rounded-full bg-brand-soft px-3 py-1 text-sm font-medium text-brand">
            {session.user.tier}
          </span>
          <Button
            variant="secondary"
            size="sm"
            loading={leaving}
            onClick={onLogout}
            icon={<LogOut aria-hidden="true" className="size-4" />}
          >
            {t('dashboard.logout')}
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-10">
        {typeof notice === 'string' ? (
          <Alert tone="error" className="mb-6">
            {notice}
          </Alert>
        ) : null}
        <Card>
          <h2 className="text-2xl font-semibold">{t('dashboard.welcome', { email: session.user.email })}</h2>
          <p className="mt-2 text-ink-muted">{t('dashboard.placeholder')}</p>
          <p className="mt-4 text-sm">{t('dashboard.tier', { tier: session.user.tier })}</p>
        </Card>
      </main>
    </div>
  );
}
