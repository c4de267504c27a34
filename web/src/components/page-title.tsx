import { useTranslation } from 'react-i18next';

/** Sets the document title for the current page (React 19 hoists <title> into <head>). */
export function PageTitle({ title }: { title?: string }) {
  const { t } = useTranslation();
  return <title>{title ? t('common.titleSuffix', { page: title }) : t('common.appName')}</title>;
}
