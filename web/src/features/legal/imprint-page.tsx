// docs/product.md#legal-pages: publisher and host details read from the server's configuration
// (docs/product.md#screens), then the privacy policy.
import type { ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { ShieldCheck } from 'lucide-react';
import type { SiteInfo } from '@questkeeper/core/schemas/site';
import { QueryProvider } from '@/lib/query-client';
import { useLegalTranslation } from './hooks/use-legal-texts';
import { siteValue, useSiteInfo } from './api/use-site-info';
import { LegalDocument, type TocEntry } from './components/legal-document';
import { LegalSection } from './components/legal-section';
import { ContactEmail, SiteValue } from './components/site-value';
import { SiteInfoError } from './components/site-info-error';
import { PRIVACY_SECTIONS, anchorOf, sectionIds } from './lib/legal-content';

export default function ImprintPage() {
  return (
    <QueryProvider>
      <Imprint />
    </QueryProvider>
  );
}

type OperatorField = keyof SiteInfo['operator'];
const PUBLISHER_FIELDS = [
  'company',
  'address',
  'phone',
  'email',
  'registration',
] as const satisfies OperatorField[];

function Imprint() {
  const { t } = useLegalTranslation();
  const site = useSiteInfo();
  const unavailable = t('imprint.unavailable');
  const privacyIds = sectionIds(PRIVACY_SECTIONS);

  const toc: TocEntry[] = [
    { id: 'publisher', title: t('imprint.publisher.title') },
    { id: 'hosting', title: t('imprint.hosting.title') },
    {
      id: 'privacy',
      title: t('imprint.privacy.title'),
      children: privacyIds.map((id) => ({ id: anchorOf(id), title: t(`imprint.sections.${id}.title`) })),
    },
  ];

  return (
    <LegalDocument
      title={t('imprint.title')}
      intro={t('imprint.intro')}
      icon={<ShieldCheck aria-hidden="true" className="size-6" />}
      lastUpdatedLabel={t('imprint.lastUpdated')}
      tocLabel={t('imprint.toc')}
      toc={toc}
      notice={
        site.isError ? (
          <SiteInfoError
            error={site.error}
            retrying={site.isFetching}
            retryLabel={t('imprint.retry')}
            onRetry={() => void site.refetch()}
          />
        ) : null
      }
    >
      <LegalSection id="publisher" title={t('imprint.publisher.title')}>
        <p>{t('imprint.publisher.intro')}</p>
        <DetailList busy={site.isPending}>
          {PUBLISHER_FIELDS.map((field) => (
            <Detail key={field} label={t(`imprint.publisher.${field}`)}>
              <SiteValue
                field={`operator.${field}`}
                state={siteValue(site, (info) => info.operator[field])}
                kind={field === 'email' ? 'email' : field === 'phone' ? 'phone' : 'text'}
                unavailable={unavailable}
                lines={field === 'address' ? 2 : 1}
                skeletonWidth={field === 'address' ? 'w-full' : 'w-56'}
              />
            </Detail>
          ))}
        </DetailList>
      </LegalSection>

      <LegalSection id="hosting" title={t('imprint.hosting.title')}>
        <p>{t('imprint.hosting.intro')}</p>
        <DetailList busy={site.isPending}>
          <Detail label={t('imprint.hosting.host')}>
            <SiteValue
              field="operator.host"
              state={siteValue(site, (info) => info.operator.host)}
              unavailable={unavailable}
              skeletonWidth="w-full"
              lines={2}
            />
          </Detail>
        </DetailList>
      </LegalSection>

      <LegalSection id="privacy" title={t('imprint.privacy.title')}>
        <p>{t('imprint.privacy.intro')}</p>
        {privacyIds.map((id, index) => (
          <LegalSection
            key={id}
            id={anchorOf(id)}
            level={3}
            number={index + 1}
            title={t(`imprint.sections.${id}.title`)}
          >
            {PRIVACY_SECTIONS[id].map((paragraph) => (
              // The plan in legal-content.ts is checked against en.json, so every key exists.
              <p key={paragraph}>{t(`imprint.sections.${id}.${paragraph}` as ParseKeys)}</p>
            ))}
            {id === 'contact' ? (
              <ContactEmail
                field="operator.email"
                state={siteValue(site, (info) => info.operator.email)}
                unavailable={unavailable}
              />
            ) : null}
          </LegalSection>
        ))}
      </LegalSection>
    </LegalDocument>
  );
}

function DetailList({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <dl
      aria-busy={busy || undefined}
      className="grid gap-x-6 gap-y-1 rounded-card border border-line bg-surface p-5 shadow-card sm:grid-cols-[minmax(0,13rem)_minmax(0,1fr)] sm:gap-y-3"
    >
      {children}
    </dl>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-sm font-medium text-ink-muted sm:text-base">{label}</dt>
      <dd className="mb-3 break-words last:mb-0 sm:mb-0">{children}</dd>
    </>
  );
}
