// New or edited encounter (docs/decisions/062): its name, the allies and enemies picked from the
// campaign's units (an enemy's count brings its numbered copies when it runs), who players do not see,
// the lair actions and hazards, grouping identical units, and notes. Core's checks show beside the
// fields as the user types (once a field was touched) and all at once on Save; the server's field
// messages land on the field they name, its other refusals (the tier's limit) in an alert at the top.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Mountain, Trash2 } from 'lucide-react';
import {
  ENCOUNTER_COUNT_MAX,
  ENCOUNTER_NAME_MAX,
  ENCOUNTER_NOTES_MAX,
  HAZARD_NAME_MAX,
  HAZARDS_PER_FIGHT_MAX,
} from '@questkeeper/core/limits';
import { isTopTier, type Tier } from '@questkeeper/core/tiers';
import { MarkdownEditor } from '@/components/markdown-editor/markdown-editor';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { FieldMessages } from '@/components/ui/field-messages';
import { FormFooter } from '@/components/ui/form-footer';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useUpgrade } from '@/components/upgrade/upgrade-context';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSaveEncounter, useUpdateEncounter, type Encounter } from '@/lib/encounters';
import type { Unit } from '@/lib/units';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import {
  canAddHazard,
  chosenUnits,
  encounterBody,
  hazardField,
  initialDraft,
  memberField,
  newHazard,
  shiftRowFields,
  validateEncounter,
  type EncounterDraft,
  type EncounterHazardDraft,
  type EncounterMember,
  type Side,
} from '../lib/encounter-form';

export interface EncounterFormModalProps {
  campaignId: string;
  tier: Tier;
  /** The encounter to edit; null for a new one. */
  encounter: Encounter | null;
  units: readonly Unit[];
  onClose: () => void;
  onSaved: (encounter: Encounter) => void;
}

interface Refusal {
  message: string;
  code: string;
  other: string[];
}

export function EncounterFormModal({
  campaignId,
  tier,
  encounter,
  units,
  onClose,
  onSaved,
}: EncounterFormModalProps) {
  const { t } = useTranslation();
  const formId = useId();
  const notesId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const confirm = useConfirm();
  const upgrade = useUpgrade();
  const create = useSaveEncounter(campaignId);
  const update = useUpdateEncounter(campaignId);
  const saving = create.isPending || update.isPending;

  const initial = useMemo(() => initialDraft(encounter), [encounter]);
  const [draft, setDraft] = useState(initial);
  // The editor hands its text over 300 ms after typing, at once on blur: Save reads the latest here,
  // even when the blur's hand-over and the click land in the same frame.
  const latestNotes = useRef(initial.notes);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const problems = useMemo(() => validateEncounter(draft), [draft]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useUnsavedChanges(dirty);
  const byId = useMemo(() => new Map(units.map((unit) => [unit._id, unit] as const)), [units]);

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);
  useEffect(() => {
    if (focusRequest === 0) return;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    // The notes' editor is no form control (it cannot carry aria-invalid): its message sits under it.
    const notes = document.getElementById(`${notesId}-error`) ? document.getElementById(notesId) : null;
    (field ?? notes ?? alertRef.current)?.focus();
  }, [focusRequest, notesId]);

  function errorOf(field: string): string | undefined {
    const problem = problems[field];
    if (problem && (attempted || touched.has(field))) return t(problem.key, problem.params);
    return serverErrors[field];
  }

  function change(next: Partial<EncounterDraft>, field?: string) {
    setDraft((current) => ({ ...current, ...next }));
    if (field === undefined) return;
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _dropped, ...rest } = current;
      return rest;
    });
  }
  const blur = (field: string) =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));

  /** Drops the row at `index` of a list; the messages of the rows after it move up with them. */
  function removeRow(list: Side | 'hazards', index: number) {
    setDraft((current) => ({ ...current, [list]: current[list].filter((_, at) => at !== index) }));
    setServerErrors((current) => shiftRowFields(current, list, index));
    setTouched((current) => {
      const marked = Object.fromEntries([...current].map((field) => [field, true] as const));
      return new Set(Object.keys(shiftRowFields(marked, list, index)));
    });
  }

  function addMember(side: Side, unitId: string) {
    if (!unitId) return;
    const member: EncounterMember = { unitId, count: '1', hidden: false };
    setDraft((current) => ({ ...current, [side]: [...current[side], member] }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const current = { ...draft, notes: latestNotes.current };
    if (Object.keys(validateEncounter(current)).length > 0) {
      setAttempted(true);
      setFocusRequest((count) => count + 1);
      return;
    }
    setRefusal(null);
    setServerErrors({});
    const body = encounterBody(current);
    try {
      const saved = encounter
        ? await update.mutateAsync({ id: encounter._id, body })
        : await create.mutateAsync(body);
      onSaved(saved);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      const placed: Record<string, string> = {};
      const other: string[] = [];
      for (const [field, message] of Object.entries(fields)) {
        if (isShownField(field, current)) placed[field] = message;
        else other.push(message);
      }
      setServerErrors(placed);
      setRefusal({
        message: errorMessage(error),
        code: error instanceof ApiError ? error.code : 'NETWORK',
        other,
      });
      setFocusRequest((count) => count + 1);
    }
  }

  async function requestClose() {
    if (saving) return;
    if (
      !dirty ||
      (await confirm({
        title: t('encounters.form.discardTitle'),
        message: t('encounters.form.discardMessage'),
        confirmLabel: t('common.discardChanges'),
        cancelLabel: t('common.keepEditing'),
      }))
    ) {
      onClose();
    }
  }

  const chosen = chosenUnits(draft);
  const submitLabel = encounter
    ? t(saving ? 'encounters.form.saving' : 'encounters.form.save')
    : t(saving ? 'encounters.form.creating' : 'encounters.form.create');

  return (
    <>
      <Modal
        open
        size="lg"
        busy={saving}
        title={
          encounter
            ? t('encounters.form.editTitle', { name: encounter.name })
            : t('encounters.form.createTitle')
        }
        onClose={() => void requestClose()}
        footer={
          <FormFooter
            formId={formId}
            submitLabel={submitLabel}
            busy={saving}
            onCancel={() => void requestClose()}
          />
        }
      >
        <form
          id={formId}
          ref={formRef}
          noValidate
          onSubmit={(event) => void submit(event)}
          className="flex flex-col gap-6"
        >
          {refusal ? (
            <div ref={alertRef} tabIndex={-1}>
              <Alert tone="error">
                <p>{refusal.message}</p>
                {refusal.other.map((message) => (
                  <p key={message}>{message}</p>
                ))}
                {refusal.code === 'ENCOUNTER_LIMIT_REACHED' && !isTopTier(tier) ? (
                  <Button size="sm" className="mt-2" onClick={upgrade} aria-haspopup="dialog">
                    {t('encounters.upgrade')}
                  </Button>
                ) : null}
              </Alert>
            </div>
          ) : null}
          <TextField
            label={t('encounters.form.name')}
            autoComplete="off"
            required
            maxLength={ENCOUNTER_NAME_MAX * 2}
            placeholder={t('encounters.form.namePlaceholder')}
            value={draft.name}
            error={errorOf('name')}
            onChange={(event) => change({ name: event.target.value }, 'name')}
            onBlur={() => blur('name')}
          />
          {(['allies', 'enemies'] as const).map((side) => (
            <MemberList
              key={side}
              side={side}
              members={draft[side]}
              units={units}
              byId={byId}
              chosen={chosen}
              errorOf={errorOf}
              onBlur={blur}
              onAdd={(unitId) => addMember(side, unitId)}
              onChange={(index, patch, field) =>
                change(
                  {
                    [side]: draft[side].map((member, at) =>
                      at === index ? { ...member, ...patch } : member,
                    ),
                  },
                  field,
                )
              }
              onRemove={(index) => removeRow(side, index)}
            />
          ))}
          <HazardList
            hazards={draft.hazards}
            errorOf={errorOf}
            onBlur={blur}
            onAdd={() => change({ hazards: [...draft.hazards, newHazard()] })}
            onChange={(index, patch, field) =>
              change(
                {
                  hazards: draft.hazards.map((hazard, at) =>
                    at === index ? { ...hazard, ...patch } : hazard,
                  ),
                },
                field,
              )
            }
            onRemove={(index) => removeRow('hazards', index)}
          />
          <div className="flex flex-col gap-1">
            <label className="flex min-h-9 items-center gap-2 font-medium">
              <input
                type="checkbox"
                checked={draft.groupByName}
                aria-describedby={`${formId}-group-hint`}
                onChange={(event) => change({ groupByName: event.target.checked })}
                className="size-4 shrink-0 accent-brand"
              />
              {t('encounters.form.groupByName')}
            </label>
            <p id={`${formId}-group-hint`} className="pl-6 text-sm text-ink-muted">
              {t('encounters.form.groupByNameHint')}
            </p>
          </div>
          <NotesField
            editorId={notesId}
            value={draft.notes}
            error={errorOf('notes')}
            onChange={(notes) => {
              latestNotes.current = notes;
              change({ notes }, 'notes');
            }}
          />
        </form>
      </Modal>
      {confirm.dialog}
    </>
  );
}

/** A field of the form: shown beside its field, not in the alert. */
function isShownField(field: string, draft: EncounterDraft): boolean {
  if (field === 'name' || field === 'notes') return true;
  const member = /^(allies|enemies)\.(\d+)\.count$/.exec(field);
  if (member) return Number(member[2]) < draft[member[1] as Side].length;
  const hazard = /^hazards\.(\d+)\.(name|initiative)$/.exec(field);
  return hazard !== null && Number(hazard[1]) < draft.hazards.length;
}

function MemberList({
  side,
  members,
  units,
  byId,
  chosen,
  errorOf,
  onBlur,
  onAdd,
  onChange,
  onRemove,
}: {
  side: Side;
  members: readonly EncounterMember[];
  units: readonly Unit[];
  byId: ReadonlyMap<string, Unit>;
  chosen: ReadonlySet<string>;
  errorOf: (field: string) => string | undefined;
  onBlur: (field: string) => void;
  onAdd: (unitId: string) => void;
  onChange: (index: number, patch: Partial<EncounterMember>, field?: string) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const free = units.filter((unit) => !chosen.has(unit._id));
  const players = free.filter((unit) => unit.isPlayer);
  const others = free.filter((unit) => !unit.isPlayer);
  // The side's usual members first: heroes among the allies, the rest among the enemies.
  const groups =
    side === 'allies'
      ? ([
          ['players', players],
          ['npcs', others],
        ] as const)
      : ([
          ['npcs', others],
          ['players', players],
        ] as const);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-2 border-b border-line pb-1.5">
        <h3 id={headingId} className="font-display text-base font-semibold">
          {t(`encounters.form.${side}`)}
        </h3>
        <p className="text-sm text-ink-muted tabular-nums">
          {t('encounters.form.unitCount', { count: members.length })}
        </p>
      </div>
      {members.length === 0 ? (
        <p className="text-sm text-ink-muted">{t(`encounters.form.${side}Empty`)}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-labelledby={headingId}>
          {members.map((member, index) => {
            const name = byId.get(member.unitId)?.name ?? t('encounters.unknownUnit');
            const countField = memberField(side, index);
            const countError = side === 'enemies' ? errorOf(countField) : undefined;
            return (
              <li
                key={member.unitId}
                className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-control border border-line px-3 py-2"
              >
                <span className="min-w-0 flex-1 basis-32 font-medium break-words">{name}</span>
                {side === 'enemies' ? (
                  <span className="flex items-center gap-1.5">
                    <span aria-hidden="true" className="text-lg text-ink-muted">
                      ×
                    </span>
                    <input
                      aria-label={t('encounters.form.countOf', { name })}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={ENCOUNTER_COUNT_MAX}
                      step={1}
                      value={member.count}
                      aria-invalid={countError ? true : undefined}
                      aria-describedby={countError ? `${headingId}-${index}-count` : undefined}
                      onChange={(event) => onChange(index, { count: event.target.value }, countField)}
                      onBlur={() => onBlur(countField)}
                      className={
                        'h-11 w-20 rounded-control border bg-surface px-3 text-base text-ink ' +
                        (countError ? 'border-danger' : 'border-line')
                      }
                    />
                  </span>
                ) : null}
                <label className="flex min-h-9 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={member.hidden}
                    onChange={(event) => onChange(index, { hidden: event.target.checked })}
                    className="size-4 accent-brand"
                  />
                  {t('encounters.form.hidden')}
                  <span className="sr-only">{name}</span>
                </label>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-danger"
                  aria-label={t('encounters.form.removeOf', { name })}
                  onClick={() => onRemove(index)}
                  icon={<Trash2 aria-hidden="true" className="size-4" />}
                >
                  {t('encounters.form.remove')}
                </Button>
                {countError ? (
                  <p id={`${headingId}-${index}-count`} className="w-full text-sm text-danger">
                    {countError}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <SelectField
        label={t(side === 'allies' ? 'encounters.form.addAlly' : 'encounters.form.addEnemy')}
        value=""
        placeholder={t(free.length === 0 ? 'encounters.form.noUnitLeft' : 'encounters.form.chooseUnit')}
        disabled={free.length === 0}
        onChange={onAdd}
      >
        {groups.map(([group, list]) =>
          list.length === 0 ? null : (
            <optgroup key={group} label={t(group === 'players' ? 'units.players' : 'units.npcs')}>
              {list.map((unit) => (
                <option key={unit._id} value={unit._id}>
                  {unit.name}
                </option>
              ))}
            </optgroup>
          ),
        )}
      </SelectField>
    </section>
  );
}

function HazardList({
  hazards,
  errorOf,
  onBlur,
  onAdd,
  onChange,
  onRemove,
}: {
  hazards: readonly EncounterHazardDraft[];
  errorOf: (field: string) => string | undefined;
  onBlur: (field: string) => void;
  onAdd: () => void;
  onChange: (index: number, patch: Partial<EncounterHazardDraft>, field?: string) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const focusLast = useRef(false);
  // After every render: the one that shows a new row finds the request.
  useEffect(() => {
    if (!focusLast.current) return;
    const inputs = listRef.current?.querySelectorAll<HTMLElement>('input[data-hazard-name]');
    inputs?.[inputs.length - 1]?.focus();
    focusLast.current = false;
  });

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-2 border-b border-line pb-1.5">
        <h3 id={headingId} className="font-display text-base font-semibold">
          {t('encounters.form.hazards')}
        </h3>
        <p className="text-sm text-ink-muted tabular-nums">
          {t('encounters.form.hazardCount', { count: hazards.length, max: HAZARDS_PER_FIGHT_MAX })}
        </p>
      </div>
      {hazards.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('encounters.form.hazardsEmpty')}</p>
      ) : (
        <ul ref={listRef} className="flex flex-col gap-2" aria-labelledby={headingId}>
          {hazards.map((hazard, index) => {
            const nameField = hazardField(index, 'name');
            const initiativeField = hazardField(index, 'initiative');
            const name = hazard.name.trim() || t('encounters.form.hazardNumbered', { number: index + 1 });
            return (
              <li
                key={hazard.key}
                className="flex flex-wrap items-start gap-x-3 gap-y-2 rounded-control border border-line px-3 py-2"
              >
                <TextField
                  data-hazard-name=""
                  className="min-w-0 flex-1 basis-40"
                  label={t('encounters.form.hazardName')}
                  placeholder={t('encounters.form.hazardPlaceholder')}
                  autoComplete="off"
                  maxLength={HAZARD_NAME_MAX * 2}
                  value={hazard.name}
                  error={errorOf(nameField)}
                  onChange={(event) => onChange(index, { name: event.target.value }, nameField)}
                  onBlur={() => onBlur(nameField)}
                />
                <TextField
                  className="w-28"
                  label={t('encounters.form.initiative')}
                  inputMode="numeric"
                  autoComplete="off"
                  value={hazard.initiative}
                  error={errorOf(initiativeField)}
                  onChange={(event) => onChange(index, { initiative: event.target.value }, initiativeField)}
                  onBlur={() => onBlur(initiativeField)}
                />
                <label className="flex min-h-11 items-center gap-2 pt-7 text-sm max-sm:pt-0">
                  <input
                    type="checkbox"
                    checked={hazard.hidden}
                    onChange={(event) => onChange(index, { hidden: event.target.checked })}
                    className="size-4 accent-brand"
                  />
                  {t('encounters.form.hidden')}
                  <span className="sr-only">{name}</span>
                </label>
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-8 text-danger max-sm:mt-1"
                  aria-label={t('encounters.form.removeOf', { name })}
                  onClick={() => onRemove(index)}
                  icon={<Trash2 aria-hidden="true" className="size-4" />}
                >
                  {t('encounters.form.remove')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={!canAddHazard(hazards)}
          onClick={() => {
            onAdd();
            focusLast.current = true;
          }}
          icon={<Mountain aria-hidden="true" className="size-4" />}
        >
          {t('encounters.form.addHazard')}
        </Button>
        <p className="text-sm text-ink-muted">{t('encounters.form.hazardHint')}</p>
      </div>
    </section>
  );
}

/**
 * The notes in the campaign's markdown editor (the rules' and the lists' own, decision 081): `[[` and
 * `@` complete the campaign's names, `:::secret` blocks stay the GM's, the live preview renders them
 * as every note renders. Its code loads on first use (a lazy chunk), so the form opens at once.
 */
function NotesField({
  editorId,
  value,
  error,
  onChange,
}: {
  editorId: string;
  value: string;
  error: string | undefined;
  onChange: (notes: string) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const hintId = `${headingId}-hint`;
  const errorId = error ? `${editorId}-error` : undefined;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="border-b border-line pb-1.5 font-display text-base font-semibold">
        {t('encounters.form.notes')}
      </h3>
      <FieldMessages
        hintId={hintId}
        hint={t('encounters.form.notesHelp')}
        errorId={undefined}
        error={undefined}
      />
      <MarkdownEditor
        id={editorId}
        value={value}
        onChange={onChange}
        maxLength={ENCOUNTER_NOTES_MAX}
        label={t('encounters.form.notes')}
        // The error's id is named even without an error: a new description would remake the editor.
        describedBy={`${hintId} ${editorId}-error`}
      />
      <FieldMessages hintId={undefined} hint={null} errorId={errorId} error={error} />
    </section>
  );
}
