// docs/product.md#legal-pages with the figures of docs/product.md#markdown-editor (prices from the tier
// table); the support address comes from the server's configuration.
import type { ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { Link } from 'react-router';
import { ArrowRight, ScrollText } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { currentLanguage } from '@/lib/i18n';
import { localePath } from '@/lib/paths';
import { QueryProvider } from '@/lib/query-client';
import { useLegalTranslation } from './hooks/use-legal-texts';
import { siteValue, useSiteInfo } from './api/use-site-info';
import { LegalDocument, type TocEntry } from './components/legal-document';
import { LegalSection } from './components/legal-section';
import { ContactEmail } from './components/site-value';
import { SiteInfoError } from './components/site-info-error';
import { TERMS_SECTIONS, TERMS_VALUES, anchorOf, sectionIds, type TermsSectionId } from './lib/legal-content';

export default function TermsPage() {
  return (
    <QueryProvider>
      <Terms />
    </QueryProvider>
  );
}

function Terms() {
  const { t } = useLegalTranslation();
  const site = useSiteInfo();
  const ids = sectionIds(TERMS_SECTIONS);
  const toc: TocEntry[] = ids.map((id) => ({ id: anchorOf(id), title: t(`terms.sections.${id}.title`) }));
  const supportEmail = (
    <ContactEmail
      field="supportEmail"
      state={siteValue(site, (info) => info.supportEmail)}
      unavailable={t('terms.unavailable')}
    />
  );

  // What some sections show after their paragraphs.
  const extras: Partial<Record<TermsSectionId, ReactNode>> = {
    billing: site.data?.payments === 'demo' ? <Alert tone="info">{t('terms.demoPayments')}</Alert> : null,
    privacy: (
      <p>
        <Link
          to={`${localePath(currentLanguage(), '/imprint')}#privacy`}
          className="inline-flex items-center gap-1.5 font-medium text-brand underline underline-offset-4 hover:text-brand-strong"
        >
          {t('terms.privacyLink')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </p>
    ),
    communication: supportEmail,
    questions: supportEmail,
  };

  return (
    <LegalDocument
      title={t('terms.title')}
      intro={t('terms.intro')}
      icon={<ScrollText aria-hidden="true" className="size-6" />}
      lastUpdatedLabel={t('terms.lastUpdated')}
      tocLabel={t('terms.toc')}
      toc={toc}
      notice={
        site.isError ? (
          <SiteInfoError
            error={site.error}
            retrying={site.isFetching}
            retryLabel={t('terms.retry')}
            onRetry={() => void site.refetch()}
          />
        ) : null
      }
    >
      {ids.map((id, index) => (
        <LegalSection key={id} id={anchorOf(id)} number={index + 1} title={t(`terms.sections.${id}.title`)}>
          {TERMS_SECTIONS[id].map((paragraph) => (
            // The plan in legal-content.ts is checked against en.json, so every key exists.
            <p key={paragraph}>{t(`terms.sections.${id}.${paragraph}` as ParseKeys, TERMS_VALUES)}</p>
          ))}
          {extras[id]}
        </LegalSection>
      ))}
    </LegalDocument>
  );
}
