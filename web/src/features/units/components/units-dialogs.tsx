// The dialogs of the units view, one open at a time: the unit form (create or edit), the duplicate
// dialog, a unit's notes and the import from another tool. Each says what it saved in a toast before it closes, and hands the unit
// to `onSaved` so the view can show where it is.
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toast/toast-store';
import type { Tier } from '@questkeeper/core/tiers';
import type { Campaign } from '@/lib/campaigns';
import type { Unit } from '@/lib/units';
import { DuplicateDialog } from './duplicate-dialog';
import { UnitCopies } from './unit-copies';
import { UnitFormModal } from './unit-form-modal';
import { UnitsImportDialog } from './units-import-dialog';
import { UnitNotesModal } from './unit-notes-modal';

export type UnitsDialog =
  /**
   * unit null: create, with the player choice of the section it started from, if any, and the name a
   * missing link asked for.
   */
  | { kind: 'form'; unit: Unit | null; defaultIsPlayer?: boolean; name?: string }
  | { kind: 'duplicate' }
  /** By id: the notes follow the unit as the cache updates it. */
  | { kind: 'notes'; unitId: string }
  /** Numbered copies of a unit. */
  | { kind: 'copies'; unit: Unit }
  /** Units and encounters from a file of another tool. */
  | { kind: 'import' };

export function UnitsDialogs({
  dialog,
  campaign,
  tier,
  units,
  onClose,
  onSaved,
}: {
  dialog: UnitsDialog | null;
  campaign: Campaign;
  tier: Tier;
  units: readonly Unit[];
  onClose: () => void;
  /** A unit was created, changed or copied. */
  onSaved: (unit: Unit) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  switch (dialog?.kind) {
    case 'form':
      return (
        <UnitFormModal
          campaign={campaign}
          tier={tier}
          unit={dialog.unit}
          {...(dialog.defaultIsPlayer === undefined ? {} : { defaultIsPlayer: dialog.defaultIsPlayer })}
          {...(dialog.name === undefined ? {} : { defaultName: dialog.name })}
          onClose={onClose}
          onSaved={(saved) => {
            // A burst of creates is one toast that counts them.
            toast.success(
              t(dialog.unit ? 'units.saved' : 'units.created', { name: saved.name }),
              dialog.unit
                ? {}
                : { kind: 'units.created', many: (count) => t('units.createdMany', { count }) },
            );
            onClose();
            onSaved(saved);
          }}
        />
      );
    case 'duplicate':
      return (
        <DuplicateDialog
          campaignId={campaign._id}
          tier={tier}
          units={units}
          onClose={onClose}
          onDuplicated={(copy, original) => {
            toast.success(t('units.duplicated', { name: copy.name, source: original.name }), {
              kind: 'units.created',
              many: (count) => t('units.createdMany', { count }),
            });
            onClose();
            onSaved(copy);
          }}
        />
      );
    case 'copies':
      return (
        <UnitCopies
          campaignId={campaign._id}
          tier={tier}
          unit={dialog.unit}
          units={units}
          onClose={onClose}
          onSaved={onSaved}
        />
      );
    case 'import':
      return <UnitsImportDialog campaign={campaign} tier={tier} units={units} onClose={onClose} />;
    case 'notes': {
      const unit = units.find((item) => item._id === dialog.unitId);
      return unit ? (
        <UnitNotesModal campaignId={campaign._id} tier={tier} unit={unit} onClose={onClose} />
      ) : null;
    }
    default:
      return null;
  }
}
