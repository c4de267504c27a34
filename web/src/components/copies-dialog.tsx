// Spawn N copies of a unit in one step (decision 031): how many, the numbered names they
// will get, the room left under the tier's unit limit, and — in the combat view — the group they
// join. Shared by the units view and the combat view (one feature never imports another). The
// server decides (all or none); the dialog only refuses early what the server would refuse.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy } from 'lucide-react';
import type { CombatGroup } from '@questkeeper/core/combat/combat';
import { copyNames } from '@questkeeper/core/units/copies';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';

export interface CopiesDialogProps {
  open: boolean;
  /** The unit to copy, and every unit name of the campaign (the numbering goes on after them). */
  name: string;
  names: readonly string[];
  /** Units in the campaign now, and the tier's limit. */
  current: number;
  limit: number;
  /** Offer a group to join (the combat view); the units view leaves it out. */
  withGroup?: boolean;
  defaultGroup?: CombatGroup | undefined;
  busy: boolean;
  /** The server's refusal, already localized. */
  error: string | null;
  onSubmit: (count: number, group: CombatGroup | null) => void;
  onClose: () => void;
}

export function CopiesDialog(props: CopiesDialogProps) {
  const { t } = useTranslation();
  // A fresh form each time it opens.
  return props.open ? (
    <Modal
      open
      title={t('combat.fast.copies.title', { name: props.name })}
      onClose={props.onClose}
      busy={props.busy}
    >
      <CopiesForm {...props} />
    </Modal>
  ) : null;
}

function CopiesForm({
  name,
  names,
  current,
  limit,
  withGroup = false,
  defaultGroup = 'enemies',
  busy,
  error,
  onSubmit,
  onClose,
}: CopiesDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const room = Math.max(0, limit - current);
  const [text, setText] = useState(room > 0 ? '1' : '');
  const [group, setGroup] = useState<CombatGroup | 'none'>(withGroup ? defaultGroup : 'none');
  const count = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  const problem =
    text.trim() === ''
      ? null
      : !Number.isInteger(count) || count < 1
        ? t('validation.tooSmall', { min: 1 })
        : count > room
          ? t('combat.fast.copies.tooMany', { count: room, limit })
          : null;
  const valid = Number.isInteger(count) && count >= 1 && count <= room;
  const preview = valid ? copyNames(name, names, count) : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !busy) onSubmit(count, group === 'none' ? null : group);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-describedby={`${id}-room`}>
      <p id={`${id}-room`} className="text-sm text-ink-muted">
        {room > 0
          ? t('combat.fast.copies.room', { count: room, limit })
          : t('combat.fast.copies.full', { limit })}
      </p>
      <TextField
        label={t('combat.fast.copies.count')}
        inputMode="numeric"
        autoComplete="off"
        value={text}
        data-autofocus
        onChange={(event) => setText(event.target.value)}
        error={problem ?? undefined}
        hint={
          preview.length > 0
            ? t('combat.fast.copies.names', { first: preview[0], last: preview[preview.length - 1] })
            : undefined
        }
      />
      {withGroup ? (
        <fieldset className="flex flex-col gap-1.5">
          <legend className="text-sm font-medium">{t('combat.fast.copies.group')}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {(['enemies', 'allies', 'none'] as const).map((value) => (
              <label key={value} className="inline-flex min-h-9 items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-group`}
                  value={value}
                  checked={group === value}
                  onChange={() => setGroup(value)}
                />
                {value === 'none'
                  ? t('combat.fast.copies.nowhere')
                  : t(value === 'allies' ? 'combat.allies' : 'combat.enemies')}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
          {t('combat.fast.copies.cancel')}
        </Button>
        <Button type="submit" disabled={!valid || busy} icon={<Copy aria-hidden="true" className="size-4" />}>
          {t('combat.fast.copies.submit')}
        </Button>
      </div>
    </form>
  );
}
