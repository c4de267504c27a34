// The units view's heading (the focus target when a dialog's opener is gone), its intro, and the
// import, duplicate and create buttons — none at the unit limit, where the limit notice says why.
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, FileUp, Plus, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function UnitsHeader({
  headingId,
  headingRef,
  campaignName,
  loaded,
  hasUnits,
  atLimit,
  onDuplicate,
  onCreate,
  onImport,
}: {
  headingId: string;
  headingRef: Ref<HTMLHeadingElement>;
  campaignName: string;
  /** The units have loaded: until then neither button can do anything. */
  loaded: boolean;
  hasUnits: boolean;
  /** The campaign holds the tier's maximum: creating and duplicating are not offered. */
  atLimit: boolean;
  onDuplicate: () => void;
  onCreate: () => void;
  /** Opens "Import from another tool". */
  onImport: () => void;
}) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
      <div className="min-w-0 flex-1 basis-64">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="flex items-center gap-2 text-2xl font-semibold break-words"
        >
          <Users aria-hidden="true" className="size-6 shrink-0 text-brand" />
          <span className="min-w-0">{t('units.heading', { campaign: campaignName })}</span>
        </h2>
        <p className="mt-1 text-ink-muted">{t('units.intro')}</p>
      </div>
      {atLimit ? null : (
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <Button
            variant="secondary"
            className="flex-1 sm:flex-none"
            onClick={onImport}
            disabled={!loaded}
            aria-haspopup="dialog"
            // A short word beside the other two buttons (they share a line on a phone); the name says
            // the rest and starts with that word.
            aria-label={t('foreignImport.dialog.open')}
            title={t('foreignImport.dialog.open')}
            icon={<FileUp aria-hidden="true" className="size-4" />}
          >
            {t('foreignImport.dialog.openShort')}
          </Button>
          <Button
            variant="secondary"
            className="flex-1 sm:flex-none"
            onClick={onDuplicate}
            disabled={!loaded || !hasUnits}
            icon={<Copy aria-hidden="true" className="size-4" />}
          >
            {t('units.duplicate')}
          </Button>
          <Button
            className="flex-1 sm:flex-none"
            onClick={onCreate}
            disabled={!loaded}
            icon={<Plus aria-hidden="true" className="size-4" />}
          >
            {t('units.newUnit')}
          </Button>
        </div>
      )}
    </header>
  );
}
