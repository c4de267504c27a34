// What players see of the fight (issue #15, decision 028): HP per side (exact, bands, hidden), and per
// unit of the fight hidden, revealed on its first turn, or shown under an alias. Saved whole through
// PUT /api/combat/player-view; the server checks every rule again and answers localized errors.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Save } from 'lucide-react';
import { PLAYER_ALIAS_MAX } from '@questkeeper/core/constants';
import type { HpVisibility } from '@questkeeper/core/schemas/player-view';
import { toast } from '@/components/toast/toast-store';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { usePlayerViewSettings, useSavePlayerViewSettings, type PlayerViewSettings } from '@/lib/player-view';
import type { Unit } from '@/lib/units';

const MODES: readonly HpVisibility[] = ['exact', 'bands', 'hidden'];
type Side = 'allies' | 'enemies';
type UnitSettings = PlayerViewSettings['units'][string];

function SideChoice({
  side,
  value,
  onChange,
  disabled,
}: {
  side: Side;
  value: HpVisibility;
  onChange: (mode: HpVisibility) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5" disabled={disabled}>
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

export function PlayerViewSettingsForm({
  campaignId,
  units,
}: {
  campaignId: string;
  units: readonly Pick<Unit, '_id' | 'name'>[];
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const query = usePlayerViewSettings(campaignId);
  const save = useSavePlayerViewSettings(campaignId);
  // The saved settings, until the game master changes something.
  const [edited, setDraft] = useState<PlayerViewSettings | null>(null);
  const draft = edited ?? query.data ?? null;

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
  if (!draft) return null;

  const unitOf = (id: string): UnitSettings =>
    (Object.hasOwn(draft.units, id) ? draft.units[id] : undefined) ?? {};
  const setUnit = (id: string, change: Partial<NonNullable<UnitSettings>>) =>
    setDraft({ ...draft, units: { ...draft.units, [id]: { ...unitOf(id), ...change } } });
  const setHp = (side: Side, mode: HpVisibility) => setDraft({ ...draft, hp: { ...draft.hp, [side]: mode } });

  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const fieldError = (id: string) =>
    Object.entries(fields).find(([key]) => key === `units.${id}` || key.startsWith(`units.${id}.`))?.[1];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Blank aliases are not sent: a unit shows its own name.
    const cleaned = Object.fromEntries(
      Object.entries(draft.units).map(([id, own]) => {
        const alias = own?.alias?.trim();
        return [
          id,
          {
            hidden: own?.hidden ?? false,
            revealOnFirstTurn: own?.revealOnFirstTurn ?? false,
            ...(alias ? { alias } : {}),
          },
        ];
      }),
    );
    save.mutate(
      { hp: draft.hp, units: cleaned },
      {
        onSuccess: () => {
          setDraft(null);
          toast.success(t('playerView.settings.saved'));
        },
      },
    );
  };

  const busy = save.isPending;
  return (
    <form aria-labelledby={headingId} onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <h4 id={headingId} className="text-lg font-semibold">
        {t('playerView.settings.title')}
      </h4>
      <div className="grid gap-4 sm:grid-cols-2">
        <SideChoice
          side="allies"
          value={draft.hp.allies}
          onChange={(mode) => setHp('allies', mode)}
          disabled={busy}
        />
        <SideChoice
          side="enemies"
          value={draft.hp.enemies}
          onChange={(mode) => setHp('enemies', mode)}
          disabled={busy}
        />
      </div>

      <fieldset className="flex min-w-0 flex-col gap-3" disabled={busy}>
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
                        checked={own?.hidden ?? false}
                        onChange={(event) => setUnit(unit._id, { hidden: event.target.checked })}
                        className="size-4 accent-brand"
                      />
                      {t('playerView.settings.hide')}
                    </label>
                    <label className="flex min-h-9 items-center gap-2">
                      <input
                        type="checkbox"
                        checked={own?.revealOnFirstTurn ?? false}
                        disabled={!own?.hidden}
                        onChange={(event) => setUnit(unit._id, { revealOnFirstTurn: event.target.checked })}
                        className="size-4 accent-brand"
                      />
                      {t('playerView.settings.reveal')}
                    </label>
                  </div>
                  <TextField
                    label={t('playerView.settings.alias', { name: unit.name })}
                    hint={t('playerView.settings.aliasHint')}
                    value={own?.alias ?? ''}
                    maxLength={PLAYER_ALIAS_MAX}
                    error={fieldError(unit._id)}
                    onChange={(event) => setUnit(unit._id, { alias: event.target.value })}
                  />
                </fieldset>
              </li>
            );
          })}
        </ul>
      </fieldset>

      {save.isError ? (
        <Alert tone="error">
          {t('playerView.settings.saveError', { message: errorMessage(save.error) })}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" loading={busy} icon={<Save aria-hidden="true" className="size-4" />}>
          {t('playerView.settings.save')}
        </Button>
      </div>
    </form>
  );
}
