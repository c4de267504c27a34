// The page a player-view link opens (issue #15). The live view comes in a later change; until then
// the page says so. Never indexed: the link is a capability (the server sends X-Robots-Tag too).
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';

export default function PlayerViewPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <PageTitle title={t('playerView.title')} />
      <meta name="robots" content="noindex, nofollow" />
      <h1 className="text-3xl font-semibold">{t('playerView.title')}</h1>
      <p className="text-ink-muted">{t('playerView.coming')}</p>
    </section>
  );
}
