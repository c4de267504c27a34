// What players see of the fight (decision 028): HP per side (exact, bands, hidden), and per
// unit of the fight hidden, revealed on its first turn, or shown under an alias. There is
// no Save button to forget — each toggle, and each alias on blur or Enter, is one change sent at once
// (PATCH, version-checked). The screen shows the change at once; a change refused because another
// device changed the settings first shows the settings as they are now, with a notice.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { PLAYER_ALIAS_MAX } from '@questkeeper/core/limits';
import { applyPlayerViewChange } from '@questkeeper/core/combat/player-view';
import type { HpVisibility } from '@questkeeper/core/schemas/player-view';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import {
  usePlayerViewEdit,
  usePlayerViewSettings,
  type PlayerViewEdit,
  type PlayerViewSettings,
} from '@/lib/player-view';
import type { Unit } from '@/lib/units';
import { useLatest } from '@/lib/use-latest';

const MODES: readonly HpVisibility[] = ['exact', 'bands', 'hidden'];
type Side = 'allies' | 'enemies';

function SideChoice({
  side,
  value,
  onChange,
}: {
  side: Side;
  value: HpVisibility;
  onChange: (mode: HpVisibility) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend className="mb-1 text-sm font-medium">
        {side === 'allies' ? t('playerView.settings.hpAllies') : t('playerView.settings.hpEnemies')}
      </legend>
      {MODES.map((mode) => (
        <label key={mode} className="flex min-h-9 items-center gap-2">
          <input
            type="radio"
            name={name}
            value={mode}
            checked={value === mode}
            onChange={() => onChange(mode)}
            className="size-4 accent-brand"
          />
          {t(`playerView.settings.${mode}`)}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * An alias typed here is sent on blur or Enter (Escape puts the saved one back). Leaving the view
 * with an alias typed but not sent sends it too, so nothing typed is dropped.
 */
function AliasField({
  unit,
  saved,
  error,
  onCommit,
}: {
  unit: Pick<Unit, '_id' | 'name'>;
  saved: string;
  error: string | undefined;
  onCommit: (alias: string) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const latest = useLatest({ draft, saved, onCommit });
  const commit = () => {
    if (draft !== null && draft.trim() !== saved) onCommit(draft.trim());
    setDraft(null);
  };
  useEffect(
    () => () => {
      const { draft: left, saved: was, onCommit: send } = latest.current;
      if (left !== null && left.trim() !== was) send(left.trim());
    },
    [latest],
  );
  return (
    <TextField
      label={t('playerView.settings.alias', { name: unit.name })}
      hint={t('playerView.settings.aliasHint')}
      value={draft ?? saved}
      maxLength={PLAYER_ALIAS_MAX}
      error={error}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        } else if (event.key === 'Escape' && draft !== null) {
          event.preventDefault();
          event.stopPropagation();
          setDraft(null);
        }
      }}
    />
  );
}

type Notice = { kind: 'conflict' } | { kind: 'error'; message: string; unitId?: string };

export function PlayerViewSettingsForm({
  campaignId,
  units,
}: {
  campaignId: string;
  units: readonly Pick<Unit, '_id' | 'name'>[];
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const statusId = useId();
  const query = usePlayerViewSettings(campaignId);
  const send = usePlayerViewEdit(campaignId);
  // Changes sent and not answered yet: shown at once on top of the server's settings.
  const [pending, setPending] = useState<readonly PlayerViewEdit[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [applied, setApplied] = useState(false);

  if (query.isError) {
    return (
      <Alert tone="error">
        <p>{t('playerView.settings.loadError')}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          {t('playerView.settings.retry')}
        </Button>
      </Alert>
    );
  }
  if (!query.data) {
    return (
      <p className="flex items-center gap-2 text-ink-muted">
        <Spinner className="size-4" />
        {t('common.loading')}
      </p>
    );
  }
  const shown: PlayerViewSettings = pending.reduce(
    (settings, edit) => applyPlayerViewChange(settings, edit),
    query.data as PlayerViewSettings,
  );

  const change = (edit: PlayerViewEdit) => {
    setPending((list) => [...list, edit]);
    setNotice(null);
    setApplied(false);
    void send(edit).then((result) => {
      setPending((list) => list.filter((item) => item !== edit));
      if (result.ok) setApplied(true);
      else if (result.conflict) setNotice({ kind: 'conflict' });
      else {
        const field = result.error instanceof ApiError ? result.error.fields['unit.alias'] : undefined;
        setNotice({
          kind: 'error',
          message: field ?? errorMessage(result.error),
          ...(field && edit.unit ? { unitId: edit.unit.id } : {}),
        });
      }
    });
  };
  const unitOf = (id: string) => (Object.hasOwn(shown.units, id) ? shown.units[id] : undefined) ?? {};
  const saving = pending.length > 0;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h4 id={headingId} className="text-lg font-semibold">
          {t('playerView.settings.title')}
        </h4>
        <p className="text-sm text-ink-muted">{t('playerView.settings.atOnce')}</p>
        <p id={statusId} role="status" className="flex min-h-5 items-center gap-1.5 text-sm text-ink-muted">
          {saving ? (
            <>
              <Spinner className="size-3.5" />
              {t('playerView.settings.saving')}
            </>
          ) : applied ? (
            <>
              <Check aria-hidden="true" className="size-3.5 text-success" />
              {t('playerView.settings.applied')}
            </>
          ) : null}
        </p>
      </div>
      {notice?.kind === 'conflict' ? <Alert tone="error">{t('playerView.settings.conflict')}</Alert> : null}
      {notice?.kind === 'error' && !notice.unitId ? (
        <Alert tone="error">{t('playerView.settings.saveError', { message: notice.message })}</Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SideChoice
          side="allies"
          value={shown.hp.allies}
          onChange={(mode) => change({ hp: { allies: mode } })}
        />
        <SideChoice
          side="enemies"
          value={shown.hp.enemies}
          onChange={(mode) => change({ hp: { enemies: mode } })}
        />
      </div>

      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">{t('playerView.settings.units')}</legend>
        {units.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('playerView.settings.noUnits')}</p>
        ) : null}
        <ul className="flex flex-col gap-3">
          {units.map((unit) => {
            const own = unitOf(unit._id);
            return (
              <li key={unit._id}>
                <fieldset className="flex min-w-0 flex-col gap-2 rounded-control border border-line p-3">
                  <legend className="px-1 font-semibold break-words">{unit.name}</legend>
                  <div className="flex flex-wrap gap-x-4 gap-y-1">
                    <label className="flex min-h-9 items-center gap-2">
                      <input
                        type="checkbox"
                        checked={own.hidden ?? false}
                        onChange={(event) => change({ unit: { id: unit._id, hidden: event.target.checked } })}
                        className="size-4 accent-brand"
                      />
                      {t('playerView.settings.hide')}
                    </label>
                    <label className="flex min-h-9 items-center gap-2">
                      <input
                        type="checkbox"
                        checked={own.revealOnFirstTurn ?? false}
                        disabled={!own.hidden}
                        onChange={(event) =>
                          change({ unit: { id: unit._id, revealOnFirstTurn: event.target.checked } })
                        }
                        className="size-4 accent-brand"
                      />
                      {t('playerView.settings.reveal')}
                    </label>
                  </div>
                  <AliasField
                    unit={unit}
                    saved={own.alias ?? ''}
                    error={
                      notice?.kind === 'error' && notice.unitId === unit._id ? notice.message : undefined
                    }
                    onCommit={(alias) => change({ unit: { id: unit._id, alias } })}
                  />
                </fieldset>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </section>
  );
}
