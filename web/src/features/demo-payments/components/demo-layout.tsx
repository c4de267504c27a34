// The frame of the demo payment pages: the app's mark, a banner no one can miss saying that nothing
// is paid, and the page's card. No site header or footer: like a provider's hosted page, the only way
// out is the page's own buttons (and this may be a pop-up that closes itself).
import type { ReactNode } from 'react';
import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/logo';
import { PageTitle } from '@/components/page-title';
import { Card } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';

export function DemoLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <PageTitle title={title} />
      {/* A capability URL: keep it out of search engines. */}
      <meta name="robots" content="noindex, nofollow" />
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-xl items-center gap-2 px-4 py-3">
          <Logo className="size-7" />
          <span className="font-display text-lg font-semibold text-ink">{t('common.appName')}</span>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-6 sm:py-10">
          <DemoBanner />
          <Card className="flex flex-col gap-5 p-5 sm:p-6">{children}</Card>
        </div>
      </main>
    </div>
  );
}

/** The page's heading: the title, the plan line in the brand colour, and a muted line under it. */
export function DemoHeading({ title, lead, sub }: { title: string; lead: string; sub: string }) {
  return (
    <div className="flex flex-col gap-1">
      <h1 className="text-2xl font-semibold text-ink">{title}</h1>
      <p className="text-lg font-semibold text-brand">{lead}</p>
      <p className="text-sm text-ink-muted">{sub}</p>
    </div>
  );
}

/** A refused action whose session is gone: unknown (404) or already used / expired (410). */
export function goneOf(failure: unknown): 'missing' | 'used' | null {
  if (!(failure instanceof ApiError)) return null;
  return failure.status === 404 ? 'missing' : failure.status === 410 ? 'used' : null;
}

function DemoBanner() {
  const { t } = useTranslation();
  return (
    <aside
      aria-label={t('demoPayments.badge')}
      data-demo-banner
      className="flex items-start gap-3 rounded-card border-2 border-dashed border-gold bg-brand-soft p-4 text-ink"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold" />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          <span className="rounded-full bg-gold px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-on-brand">
            {t('demoPayments.bannerTitle')}
          </span>
          {t('demoPayments.badge')}
        </p>
        <p className="text-sm">{t('demoPayments.bannerText')}</p>
      </div>
    </aside>
  );
}
