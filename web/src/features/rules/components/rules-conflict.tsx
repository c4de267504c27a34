// The rules were saved elsewhere while the user edited them (409 GAME_DATA_CONFLICT, decision 036):
// nothing was written and the user's draft stays in the editor. The notice says so and lets the user
// save their text over the saved one, or take the saved one, after reading it if they want.
import { useTranslation } from 'react-i18next';
import { ConflictNotice } from '@/components/conflict-notice';

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
  return (
    <ConflictNotice
      title={t('rules.conflict.title')}
      body={t('rules.conflict.body')}
      keepMine={t('rules.conflict.keepMine')}
      takeTheirs={t('rules.conflict.takeTheirs')}
      saving={saving}
      onKeepMine={onKeepMine}
      onTakeTheirs={onTakeTheirs}
    >
      <details className="rounded-control border border-line bg-surface">
        <summary className="cursor-pointer px-3 py-2 font-medium">{t('rules.conflict.showTheirs')}</summary>
        <pre
          aria-label={t('rules.conflict.theirsLabel')}
          className="max-h-64 overflow-auto border-t border-line px-3 py-2 font-mono text-xs break-words whitespace-pre-wrap"
        >
          {theirs}
        </pre>
      </details>
    </ConflictNotice>
  );
}
