// One saved encounter in the list (docs/decisions/062): its name, both sides ("3 allies · Goblin ×5,
// Ogre"), the lair actions and hazards, the start of its notes and the notes themselves on request,
// rendered as every note is (links, secret blocks framed for the GM: decision 081), and Run (disabled
// with the reason while a fight is going on), Edit and Delete.
import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronRight, EyeOff, Mountain, Pencil, Play, Shield, Skull, Swords, Trash2 } from 'lucide-react';
import { MarkdownPreview } from '@/components/markdown-editor/markdown-preview';
import { Button } from '@/components/ui/button';
import type { Encounter } from '@/lib/encounters';
import type { Unit } from '@/lib/units';
import { notesPreview, sideNames } from '../lib/encounter-form';

export interface EncounterCardProps {
  encounter: Encounter;
  units: ReadonlyMap<string, Unit>;
  /** Why Run cannot be used now (a fight is going on, another action is running); null when it can. */
  runBlocked: string | null;
  running: boolean;
  deleting: boolean;
  onRun: (encounter: Encounter) => void;
  onEdit: (encounter: Encounter) => void;
  onDelete: (encounter: Encounter) => void;
}

export const EncounterCard = memo(function EncounterCard({
  encounter,
  units,
  runBlocked,
  running,
  deleting,
  onRun,
  onEdit,
  onDelete,
}: EncounterCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const reasonId = useId();
  const times = (name: string, count: number) => t('encounters.times', { name, count });
  const allies = sideNames(encounter.allies, units, times);
  const enemies = sideNames(encounter.enemies, units, times);
  const enemyCount = encounter.enemies.reduce(
    (sum, { unitId, count }) => sum + (units.has(unitId) ? count : 0),
    0,
  );
  const notes = notesPreview(encounter.notes);
  const hiddenCount = encounter.hidden.filter((id) => units.has(id)).length;

  return (
    <li
      aria-labelledby={headingId}
      data-encounter-id={encounter._id}
      className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 flex-1 basis-48 font-display text-xl font-bold break-words">
          {encounter.name}
        </h3>
        {encounter.groups === 'byName' ? (
          <span className="rounded-full border border-line bg-surface-muted px-2 py-0.5 text-xs text-ink-muted">
            {t('encounters.grouped')}
          </span>
        ) : null}
      </div>

      <dl className="flex flex-col gap-1.5 text-sm">
        <div className="flex flex-wrap items-start gap-x-2 gap-y-0.5">
          <dt className="flex shrink-0 items-center gap-1.5 font-medium text-ink">
            <Shield aria-hidden="true" className="size-4 text-brand" />
            {t('encounters.alliesCount', { count: allies.length })}
          </dt>
          <dd className="min-w-0 flex-1 basis-40 break-words text-ink-muted">
            {allies.join(', ') || t('encounters.none')}
          </dd>
        </div>
        <div className="flex flex-wrap items-start gap-x-2 gap-y-0.5">
          <dt className="flex shrink-0 items-center gap-1.5 font-medium text-ink">
            <Skull aria-hidden="true" className="size-4 text-danger" />
            {t('encounters.enemiesCount', { count: enemyCount })}
          </dt>
          <dd className="min-w-0 flex-1 basis-40 break-words text-ink-muted">
            {enemies.join(' · ') || t('encounters.none')}
          </dd>
        </div>
        {encounter.hazards.length > 0 ? (
          <div className="flex flex-wrap items-start gap-x-2 gap-y-0.5">
            <dt className="flex shrink-0 items-center gap-1.5 font-medium text-ink">
              <Mountain aria-hidden="true" className="size-4 text-gold" />
              {t('encounters.hazardsCount', { count: encounter.hazards.length })}
            </dt>
            <dd className="min-w-0 flex-1 basis-40 break-words text-ink-muted">
              {encounter.hazards
                .map((hazard) =>
                  t(hazard.hidden ? 'encounters.hazardHidden' : 'encounters.hazard', {
                    name: hazard.name,
                    initiative: hazard.initiative,
                  }),
                )
                .join(' · ')}
            </dd>
          </div>
        ) : null}
        {hiddenCount > 0 ? (
          <div className="flex items-center gap-2 text-ink-muted">
            <dt className="sr-only">{t('encounters.hiddenLabel')}</dt>
            <dd className="flex items-center gap-1.5">
              <EyeOff aria-hidden="true" className="size-4" />
              {t('encounters.hiddenCount', { count: hiddenCount })}
            </dd>
          </div>
        ) : null}
      </dl>

      {notes ? <p className="text-sm break-words text-ink-muted italic">{notes}</p> : null}
      {/\S/.test(encounter.notes) ? <EncounterNotes name={encounter.name} notes={encounter.notes} /> : null}

      <div className="mt-auto flex flex-col gap-2 border-t border-line pt-3">
        <div className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            loading={running}
            disabled={runBlocked !== null}
            aria-describedby={runBlocked ? reasonId : undefined}
            aria-label={t(running ? 'encounters.runningOf' : 'encounters.runOf', { name: encounter.name })}
            onClick={() => onRun(encounter)}
            icon={<Play aria-hidden="true" className="size-4" />}
          >
            {t(running ? 'encounters.running' : 'encounters.run')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('encounters.editOf', { name: encounter.name })}
            onClick={() => onEdit(encounter)}
            icon={<Pencil aria-hidden="true" className="size-4" />}
          >
            {t('common.edit')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-danger"
            loading={deleting}
            aria-label={t('encounters.deleteOf', { name: encounter.name })}
            onClick={() => onDelete(encounter)}
            icon={<Trash2 aria-hidden="true" className="size-4" />}
          >
            {t('common.delete')}
          </Button>
        </div>
        {runBlocked ? (
          <p id={reasonId} className="flex items-center gap-1.5 text-sm text-ink-muted">
            <Swords aria-hidden="true" className="size-4 shrink-0" />
            {runBlocked}
          </p>
        ) : null}
      </div>
    </li>
  );
});

/** The whole notes, rendered only once opened (a list of 200 encounters renders none up front). */
function EncounterNotes({ name, notes }: { name: string; notes: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)} className="group text-sm">
      <summary
        aria-label={t('encounters.readNotesOf', { name })}
        className="flex min-h-9 cursor-pointer list-none items-center gap-1.5 rounded-control font-medium text-brand hover:underline [&::-webkit-details-marker]:hidden"
      >
        <ChevronRight
          aria-hidden="true"
          className="size-4 shrink-0 transition-transform group-open:rotate-90"
        />
        {t('encounters.readNotes')}
      </summary>
      {open ? (
        <div className="mt-2 rounded-control border border-line bg-canvas p-3">
          <MarkdownPreview source={notes} />
        </div>
      ) : null}
    </details>
  );
}
