// The rules were saved elsewhere while the user edited them (409 GAME_DATA_CONFLICT, decision 036):
// nothing was written and the user's draft stays in the editor. The notice says so and lets the user
// save their text over the saved one, or take the saved one, after reading it if they want.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function RulesConflict({
  theirs,
  saving,
  onKeepMine,
  onTakeTheirs,
}: {
  /** The rules as saved now. */
  theirs: string;
  saving: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section
      role="alert"
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-control border border-danger/40 bg-danger-soft px-4 py-3 text-sm text-ink"
    >
      <h3 id={titleId} className="flex items-start gap-2 font-semibold text-danger">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('rules.conflict.title')}
      </h3>
      <p>{t('rules.conflict.body')}</p>
      <details className="rounded-control border border-line bg-surface">
        <summary className="cursor-pointer px-3 py-2 font-medium">{t('rules.conflict.showTheirs')}</summary>
        <pre
          aria-label={t('rules.conflict.theirsLabel')}
          className="max-h-64 overflow-auto border-t border-line px-3 py-2 font-mono text-xs break-words whitespace-pre-wrap"
        >
          {theirs}
        </pre>
      </details>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onKeepMine} loading={saving}>
          {t('rules.conflict.keepMine')}
        </Button>
        <Button variant="secondary" onClick={onTakeTheirs} disabled={saving}>
          {t('rules.conflict.takeTheirs')}
        </Button>
      </div>
    </section>
  );
}
