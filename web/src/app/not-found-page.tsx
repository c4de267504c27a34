import { useTranslation } from 'react-i18next';
import { Compass } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { PageTitle } from '@/components/page-title';
import { currentLanguage } from '@/lib/i18n';
import { localePath } from '@/lib/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <PageTitle title={t('notFound.title')} />
      <meta name="robots" content="noindex" />
      <Compass aria-hidden="true" className="size-12 text-brand" />
      <h1 className="text-3xl font-semibold sm:text-4xl">{t('notFound.title')}</h1>
      <p className="text-ink-muted">{t('notFound.text')}</p>
      <ButtonLink to={localePath(currentLanguage(), '')}>{t('notFound.home')}</ButtonLink>
    </section>
  );
}
