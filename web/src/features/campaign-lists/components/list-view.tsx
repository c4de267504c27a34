// One campaign list view (docs/product.md#list-views):
// heading, 'n / limit' counter, add (or the tier's limit message / upgrade prompt), the entries
// with edit, delete and notes. Every change is one call for one entry (decision 036: the server applies
// it to the list as it is then, so another tab's changes are never undone) and says so in a toast
//; a delete offers Undo, which adds the entry back where it was (units name their race,
// class and status and key their characteristics by name, so they find it again); the added or edited
// entry is scrolled to and outlined for a moment. A place in the URL (docs/decisions/063: a link, a
// search result) opens the entry it names and shows where it is.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Dna, Gauge, HeartPulse, Lock, Pin, Plus, Shield, Sparkles } from 'lucide-react';
import { checkPinnedCount, pinnedCount } from '@questkeeper/core/campaigns/pins';
import { DEFAULT_CHARACTERISTIC_MAX, DEFAULT_CLASS_COLOR } from '@questkeeper/core/constants';
import { PINNED_CHARACTERISTICS_MAX } from '@questkeeper/core/limits';
import { isTopTier } from '@questkeeper/core/tiers';
import { spotlight } from '@/components/toast/spotlight';
import { useToast } from '@/components/toast/toast-store';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useFocusReturn } from '@/components/ui/use-focus-return';
import { usePlace } from '@/lib/campaign-places';
import type { CampaignViewProps } from '@/lib/campaigns';
import { useListSaver } from '../hooks/use-list-saver';
import { hasNotes, listAccess, noteLimit, type ListKind } from '../lib/list-access';
import {
  addEdit,
  changeEdit,
  deleteEdit,
  fieldsChanged,
  itemIdOf,
  itemKey,
  splitFieldErrors,
  type ItemFields,
  type ListItem,
} from '../lib/list-edits';
import { ItemFormModal } from './item-form-modal';
import { ListItemCard } from './list-item-card';
import { TierNotice } from './tier-notice';

const LIMIT_MESSAGES = {
  races: 'errors.RACE_LIMIT_REACHED',
  classes: 'errors.CLASS_LIMIT_REACHED',
  statuses: 'errors.STATUS_LIMIT_REACHED',
  characteristics: 'errors.CHARACTERISTIC_LIMIT_REACHED',
} as const;

// The sidebar's icons for the same views.
const ICONS = { races: Dna, classes: Shield, statuses: HeartPulse, characteristics: Gauge } as const;

type FormState = { mode: 'add' } | { mode: 'edit'; index: number };

export function ListView({ kind, campaign, tier }: CampaignViewProps & { kind: ListKind }) {
  const { t } = useTranslation();
  const headingId = useId();
  const pinReasonId = useId();
  const confirm = useConfirm();
  const toast = useToast();
  const items: readonly ListItem[] = campaign[kind];
  const listRef = useRef<HTMLUListElement>(null);
  // The position of the entry just added, edited or brought back: outlined once the saved list is on
  // screen (a new object each time, so the same position can be shown twice).
  const [toShow, setToShow] = useState<{ index: number } | null>(null);
  const shown = useRef<object | null>(null);
  const access = listAccess(tier, kind, items.length);
  const { save, saving } = useListSaver(campaign, kind);
  const [form, setForm] = useState<FormState | null>(null);
  const [deletingKey, setDeletingKey] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const Icon = ICONS[kind];
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focus = useFocusReturn(headingRef, saving);
  // Hero has no plan above it; Adventurer can still go to Hero.
  const canUpgrade = !isTopTier(tier);

  // The entry a place names, once per navigation (the same link followed twice shows it twice).
  const { item: placeItem } = usePlace();
  const { key: navigation } = useLocation();
  const [actedOn, setActedOn] = useState<string | null>(null);
  const [reveal, setReveal] = useState<{ id: string } | null>(null);
  if (actedOn !== navigation) {
    setActedOn(navigation);
    if (placeItem !== null && items.some((item) => itemIdOf(item) === placeItem))
      setReveal({ id: placeItem });
  }

  useEffect(() => {
    const element = toShow && listRef.current?.children[toShow.index];
    if (!toShow || !element || shown.current === toShow) return;
    shown.current = toShow;
    spotlight(element);
  }, [toShow, items]);

  function openForm(state: FormState) {
    focus.remember();
    setForm(state);
  }

  function closeForm() {
    setForm(null);
    focus.restore();
  }

  async function submitForm(state: FormState, fields: ItemFields) {
    const item = state.mode === 'edit' ? items[state.index] : undefined;
    if (state.mode === 'edit' && (!item || !fieldsChanged(item, fields))) {
      closeForm();
      return null;
    }
    const outcome = await save(
      state.mode === 'add' || !item ? addEdit(kind, { ...fields, note: '' }) : changeEdit(kind, item, fields),
    );
    if (!outcome.failure) {
      closeForm();
      const name = fields.name.trim();
      toast.success(t(`lists.${kind}.${state.mode === 'add' ? 'created' : 'saved'}`, { name }));
      setToShow({ index: outcome.index });
    }
    return outcome.failure;
  }

  async function remove(index: number) {
    const item = items[index];
    if (!item) return;
    focus.remember();
    const ok = await confirm({
      title: t('lists.deleteTitle'),
      message: t('lists.deleteConfirm', { name: item.name }),
      confirmLabel: t('common.delete'),
    });
    if (ok) {
      setDeleteError(null);
      setDeletingKey(itemKey(item, index));
      const { failure: refused } = await save(deleteEdit(kind, item));
      setDeletingKey(null);
      if (refused) setDeleteError(refused.message);
      else
        toast.success(t(`lists.${kind}.deleted`, { name: item.name }), {
          action: { label: t('common.undo'), onClick: () => void restore(index, item) },
        });
    }
    focus.restore();
  }

  /** Undo of a delete: the entry is added again where it was (a new `_id`, as for any new entry). */
  async function restore(index: number, item: ListItem) {
    const outcome = await save(addEdit(kind, item, index));
    if (outcome.failure) {
      toast.error(t('lists.restoreFailed', { name: item.name, message: outcome.failure.message }));
      return;
    }
    toast.success(t(`lists.${kind}.restored`, { name: item.name }));
    setToShow({ index: outcome.index });
  }

  // Characteristics may be pinned on the fight rows, on every tier (docs/decisions/061): one more pin
  // is refused with core's message, shown beside the toggles it blocks.
  const pins = kind === 'characteristics' ? pinnedCount(items) : 0;
  const pinProblem = kind === 'characteristics' ? checkPinnedCount(pins + 1) : null;

  async function togglePin(item: ListItem) {
    const pinned = item.pinned !== true;
    const { failure } = await save(changeEdit(kind, item, { pinned }));
    if (failure) toast.error(failure.fields['changes.pinned'] ?? failure.message);
    else toast.success(t(pinned ? 'lists.pins.done' : 'lists.pins.undone', { name: item.name }));
  }

  const addButton = access.canAdd ? (
    <Button
      onClick={() => openForm({ mode: 'add' })}
      disabled={saving}
      icon={<Plus aria-hidden="true" className="size-4" />}
    >
      {t(`lists.${kind}.add`)}
    </Button>
  ) : null;

  let notice: ReactNode = null;
  if (!access.canEdit) {
    notice = (
      <TierNotice
        kind="upgrade"
        showPlans
        detail={hasNotes(kind) && items.length > 0 ? t('lists.notesStillEditable') : undefined}
      >
        {t(`lists.${kind}.upgrade`)}
      </TierNotice>
    );
  } else if (!access.canAdd) {
    notice = (
      <TierNotice
        kind="limit"
        showPlans={canUpgrade}
        detail={access.overLimit ? t('lists.overLimit', { tier, limit: access.limit }) : undefined}
      >
        {t(LIMIT_MESSAGES[kind], { tier })}
      </TierNotice>
    );
  }

  const formItem = form?.mode === 'edit' ? items[form.index] : undefined;

  return (
    <section aria-labelledby={headingId} className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
        <div className="min-w-0 flex-1 basis-64">
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="flex items-center gap-2 text-2xl font-semibold break-words"
          >
            <Icon aria-hidden="true" className="size-6 shrink-0 text-brand" />
            <span className="min-w-0">{t(`lists.${kind}.heading`, { campaign: campaign.name })}</span>
          </h2>
          <p className="mt-1 text-ink-muted">{t(`lists.${kind}.intro`)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {access.limit > 0 ? (
            <p
              className={`rounded-full border px-3 py-1 text-sm font-medium tabular-nums ${
                access.overLimit
                  ? 'border-danger/40 bg-danger-soft text-danger'
                  : 'border-line bg-surface text-ink'
              }`}
            >
              <span className="sr-only">{t('lists.counterLabel')} </span>
              {access.count} / {access.limit}
            </p>
          ) : (
            <p className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface px-3 py-1 text-sm font-medium text-ink-muted">
              <Lock aria-hidden="true" className="size-3.5" />
              {t('lists.readOnly')}
            </p>
          )}
          {items.length > 0 ? addButton : null}
        </div>
      </header>

      {items.length > 0 && notice}
      {kind === 'characteristics' && items.length > 0 ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
          <Pin aria-hidden="true" className="size-4 shrink-0 text-brand" />
          <p className="min-w-0 flex-1 basis-56">
            <span className="font-medium text-ink">
              {t('lists.pins.count', { count: pins, max: PINNED_CHARACTERISTICS_MAX })}
            </span>{' '}
            {pinProblem ? (
              <span id={pinReasonId}>
                {t(pinProblem.key, pinProblem.params)} {t('lists.pins.unpinFirst')}
              </span>
            ) : (
              t('lists.pins.intro')
            )}
          </p>
        </div>
      ) : null}
      {deleteError ? <Alert tone="error">{deleteError}</Alert> : null}

      {items.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-line bg-surface px-4 py-10 text-center">
          <Sparkles aria-hidden="true" className="size-8 text-gold" />
          <p className="max-w-md text-ink-muted">
            {t(access.canAdd ? `lists.${kind}.empty` : `lists.${kind}.emptyLocked`)}
          </p>
          {addButton}
          {notice ? <div className="w-full max-w-xl text-left">{notice}</div> : null}
        </div>
      ) : (
        <ul
          ref={listRef}
          className={kind === 'characteristics' ? 'grid gap-3 sm:grid-cols-2' : 'flex flex-col gap-3'}
        >
          {items.map((item, index) => {
            const key = itemKey(item, index);
            return (
              <ListItemCard
                key={key}
                kind={kind}
                item={item}
                campaignId={campaign._id}
                canEdit={access.canEdit}
                locked={saving}
                deleting={deletingKey === key}
                reveal={reveal?.id === itemIdOf(item) ? reveal : undefined}
                onEdit={() => openForm({ mode: 'edit', index })}
                onDelete={() => void remove(index)}
                pin={
                  kind === 'characteristics'
                    ? {
                        blockedBy: pinProblem && !item.pinned ? { id: pinReasonId } : undefined,
                        onToggle: () => void togglePin(item),
                      }
                    : undefined
                }
                notes={
                  hasNotes(kind)
                    ? {
                        maxLength: noteLimit(tier, kind, item.note?.length ?? 0),
                        onSave: async (note) => {
                          const { failure } = await save(changeEdit(kind, item, { note }));
                          if (!failure) toast.success(t('lists.notesSaved', { name: item.name }));
                          return failure;
                        },
                        fieldErrorOf: (failure) => splitFieldErrors(failure.fields).item.note,
                      }
                    : undefined
                }
              />
            );
          })}
        </ul>
      )}

      {form && (form.mode === 'add' || formItem) ? (
        <ItemFormModal
          kind={kind}
          mode={form.mode}
          initial={{
            name: formItem?.name ?? '',
            color: formItem?.color ?? DEFAULT_CLASS_COLOR,
            max: formItem?.max ?? DEFAULT_CHARACTERISTIC_MAX,
          }}
          onClose={closeForm}
          onSubmit={(fields) => submitForm(form, fields)}
        />
      ) : null}
      {confirm.dialog}
    </section>
  );
}
