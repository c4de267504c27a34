// One entry of a list: its name (a class on its colour chip, a characteristic with its maximum), the
// edit and delete actions when the tier allows them, and behind a disclosure its notes and what links
// to it ("Linked from", docs/decisions/063; characteristics have no notes, only that). A place in the
// URL naming the entry (`reveal`) opens it and shows where it is.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Link as LinkIcon, Pencil, Pin, Trash2 } from 'lucide-react';
import type { LinkKind } from '@questkeeper/core/links/links';
import { LinkedFrom } from '@/components/linked-from';
import { RevealButton } from '@/components/reveals/reveal-button';
import { spotlight } from '@/components/toast/spotlight';
import { Button } from '@/components/ui/button';
import type { SaveFailure } from '../hooks/use-list-saver';
import type { ListKind } from '../lib/list-access';
import { itemIdOf, type ListItem } from '../lib/list-edits';

/** The link kind of an entry of each list. */
const LINK_KINDS: Record<ListKind, LinkKind> = {
  races: 'race',
  classes: 'class',
  statuses: 'status',
  characteristics: 'characteristic',
};
import { ItemName } from './item-name';
import { NotesPanel } from './notes-panel';

export interface ItemNotes {
  maxLength: number;
  onSave: (note: string) => Promise<SaveFailure | null>;
  fieldErrorOf: (failure: SaveFailure) => string | undefined;
}

/** A characteristic's pin on the fight rows (docs/decisions/061). */
export interface ItemPin {
  /**
   * Why it cannot be pinned now (the campaign pins as many as it may), or undefined. The toggle stays
   * focusable and names the reason (aria-disabled, aria-describedby) rather than vanishing from the tab order.
   */
  blockedBy?: { id: string } | undefined;
  onToggle: () => void;
}

export function ListItemCard({
  kind,
  item,
  canEdit,
  locked,
  deleting,
  onEdit,
  onDelete,
  notes,
  pin,
  reveal,
  campaignId,
}: {
  kind: ListKind;
  item: ListItem;
  canEdit: boolean;
  /** A save of this list is running: actions wait for it. */
  locked: boolean;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** Absent for characteristics, which have no notes. */
  notes?: ItemNotes | undefined;
  /** Characteristics only: every tier may pin them. */
  pin?: ItemPin | undefined;
  /** Set (a new object each time) when a place names this entry: it opens and is shown. */
  reveal?: object | undefined;
  /** The campaign, for the "Reveal to players" button (while it has a live share link; issue 34). */
  campaignId?: string | undefined;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const itemRef = useRef<HTMLLIElement>(null);
  const [revealed, setRevealed] = useState<object | undefined>(undefined);
  if (reveal !== revealed) {
    setRevealed(reveal);
    if (reveal) setOpen(true);
  }
  useEffect(() => {
    if (reveal) spotlight(itemRef.current);
  }, [reveal]);

  return (
    <li ref={itemRef} className="rounded-card border border-line bg-surface shadow-card">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3 sm:p-4">
        <div className="flex min-w-0 flex-1 basis-40 flex-wrap items-center gap-x-3 gap-y-1">
          <ItemName kind={kind} name={item.name} color={item.color} id={headingId} />
          {kind === 'characteristics' ? (
            <span className="rounded-full bg-surface-muted px-2.5 py-0.5 text-sm font-medium text-ink-muted">
              {t('lists.maxValue', { max: item.max })}
            </span>
          ) : null}
          {item.pinned ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-soft px-2.5 py-0.5 text-sm font-medium text-brand">
              <Pin aria-hidden="true" className="size-3.5" />
              {t('lists.pins.pinned')}
            </span>
          ) : null}
        </div>
        <div className="flex items-center gap-1">
          {pin ? (
            <Button
              variant="ghost"
              size="sm"
              className={`w-9 px-0 ${item.pinned ? 'text-brand' : ''} ${
                pin.blockedBy ? 'cursor-not-allowed opacity-60' : ''
              }`}
              aria-label={t('lists.pins.toggle')}
              title={t('lists.pins.toggle')}
              aria-pressed={item.pinned === true}
              aria-describedby={pin.blockedBy ? `${headingId} ${pin.blockedBy.id}` : headingId}
              // Never `disabled`: a save running would drop the keyboard's focus from the toggle just used.
              aria-disabled={pin.blockedBy || locked ? true : undefined}
              onClick={pin.blockedBy || locked ? undefined : pin.onToggle}
              icon={<Pin aria-hidden="true" className={`size-4 ${item.pinned ? 'fill-current' : ''}`} />}
            />
          ) : null}
          {/* Entries with notes open them; characteristics (no notes) open their "Linked from". */}
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            aria-describedby={headingId}
            onClick={() => setOpen((value) => !value)}
            icon={
              notes ? (
                <ChevronDown
                  aria-hidden="true"
                  className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
                />
              ) : (
                <LinkIcon aria-hidden="true" className="size-4" />
              )
            }
          >
            {notes
              ? t(open ? 'lists.hideNotes' : 'lists.showNotes')
              : t('links.linkedFrom.characteristicButton')}
          </Button>
          {campaignId ? (
            <RevealButton
              campaignId={campaignId}
              kind="list-entry"
              reference={`${kind}:${item.name}`}
              name={item.name}
            />
          ) : null}
          {canEdit ? (
            <>
              <Button
                variant="ghost"
                size="sm"
                className="w-9 px-0"
                aria-label={t('lists.editItem', { name: item.name })}
                title={t('lists.editItem', { name: item.name })}
                disabled={locked}
                onClick={onEdit}
                icon={<Pencil aria-hidden="true" className="size-4" />}
              />
              <Button
                variant="ghost"
                size="sm"
                className="w-9 px-0 hover:text-danger"
                aria-label={t('lists.deleteItem', { name: item.name })}
                title={t('lists.deleteItem', { name: item.name })}
                loading={deleting}
                disabled={locked}
                onClick={onDelete}
                icon={<Trash2 aria-hidden="true" className="size-4" />}
              />
            </>
          ) : null}
        </div>
      </div>
      {open ? (
        <div id={panelId} className="flex flex-col gap-5 border-t border-line p-3 sm:p-4">
          {notes ? (
            <NotesPanel
              itemName={item.name}
              note={item.note ?? ''}
              maxLength={notes.maxLength}
              locked={locked}
              onSave={notes.onSave}
              fieldErrorOf={notes.fieldErrorOf}
            />
          ) : null}
          <LinkedFrom
            kind={LINK_KINDS[kind]}
            target={itemIdOf(item)}
            className={notes ? 'border-t border-line pt-4' : ''}
          />
        </div>
      ) : null}
    </li>
  );
}
