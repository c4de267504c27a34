// "Import from another tool" (docs/product.md#import-from-other-tools, decision 065), in New campaign
// and in the units view: pick a file (JSON or ZIP, its format read by the server from the content),
// see what it holds — format, counts, what passes the plan's limits and why, warnings — tick the units
// and encounters to bring (all, none, a name filter), then import. Both uploads show their progress;
// nothing is written before Import.
import { Fragment, useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRight, FileUp } from 'lucide-react';
import type { Tier } from '@questkeeper/core/tiers';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useUpgrade } from '@/components/upgrade/upgrade-context';
import { ApiError, errorMessage } from '@/lib/api-client';
import { matching, type ImportPreview, type ImportSampleItem, type ImportTarget } from '@/lib/foreign-import';
import { useForeignImport, type ImportedResult } from './use-foreign-import';
import { ImportFileField } from '@/components/import-file-field';

export type { ImportedResult } from './use-foreign-import';

/** Formats whose files bring rules of their own. */
const FORMATS_WITH_RULES = new Set(['questkeeper', 'kanka', 'foundry']);
/** Items rendered at once: a library of 5,000 creatures is narrowed with the filter. */
const SHOWN_MAX = 200;
/** Lines of a long list of problems or warnings shown before "and N more". */
const LINES_MAX = 12;

export function ForeignImportDialog({
  target,
  tier,
  existing,
  campaignName,
  onClose,
  onImported,
}: {
  target: ImportTarget;
  tier: Tier;
  /** What the campaign holds already (units target). */
  existing?: { units: number; encounters: number };
  /** The campaign the units go to (units target). */
  campaignName?: string;
  onClose: () => void;
  onImported: (result: ImportedResult) => void;
}) {
  const { t } = useTranslation();
  const { state, dispatch, derived, nothingChosen, canImport, pick, submit } = useForeignImport({
    target,
    tier,
    ...(existing ? { existing } : {}),
    onImported,
  });
  const { phase, file, preview, error, errorWhile, progress } = state;
  const busy = phase === 'previewing' || phase === 'importing';
  // A preview may be left (closing aborts its upload); an import under way may not: it may have written.
  const importing = phase === 'importing';
  const refusalRef = useRef<HTMLDivElement>(null);
  // A refusal lands at the top of a long dialog, far from the Import button: brought into view.
  useEffect(() => {
    if (error) refusalRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);
  const whyId = useId();
  const why = derived
    ? [
        ...derived.problems.map((problem) =>
          t(
            `foreignImport.dialog.${problem.kind === 'units' ? 'tooManyUnits' : 'tooManyEncounters'}${
              problem.room < problem.limit ? 'Room' : ''
            }`,
            { count: problem.count, room: problem.room, limit: problem.limit, tier },
          ),
        ),
        ...(nothingChosen ? [t('foreignImport.dialog.nothingChosen')] : []),
      ]
    : [];

  // Why Import waits, beside the count of what is ticked (the list below can be long).
  const reason =
    why.length > 0 ? (
      <div id={whyId}>
        <Alert tone="error">
          <ul className="flex flex-col gap-1">
            {why.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {derived?.problems.length && tier !== 'Hero' ? <SeePlans /> : null}
        </Alert>
      </div>
    ) : null;

  return (
    <Modal
      open
      size="lg"
      title={t('foreignImport.dialog.title')}
      onClose={onClose}
      busy={importing}
      footer={
        <>
          <Button variant="secondary" className="max-sm:flex-1" onClick={onClose} disabled={importing}>
            {t('common.cancel')}
          </Button>
          <Button
            // On a phone the long label wraps on its own row rather than running past the edge.
            className="max-sm:h-auto max-sm:min-h-11 max-sm:w-full max-sm:whitespace-normal max-sm:py-2"
            onClick={() => void submit()}
            loading={phase === 'importing'}
            disabled={!canImport}
            aria-describedby={why.length > 0 ? whyId : undefined}
            icon={<FileUp aria-hidden="true" className="size-4" />}
          >
            {t(
              target.kind === 'campaign'
                ? 'foreignImport.dialog.submitCampaign'
                : 'foreignImport.dialog.submitUnits',
            )}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-ink-muted">
          {target.kind === 'campaign'
            ? t('foreignImport.dialog.intro')
            : t('foreignImport.dialog.introUnits', { campaign: campaignName ?? '' })}
        </p>
        <ImportFileField
          fileName={file?.name ?? null}
          reading={phase === 'previewing'}
          disabled={busy}
          onPick={pick}
          label={t('foreignImport.dialog.file')}
          hint={t('foreignImport.dialog.hint')}
          // Any file may be chosen (an export saved as .txt): the server reads the content.
          accept=".json,.zip,application/json,application/zip,*/*"
          autoFocus
        />
        {busy ? <UploadProgress phase={phase} progress={progress} /> : null}
        {error ? (
          <div ref={refusalRef}>
            <Refusal error={error} fileName={file?.name ?? ''} while={errorWhile} tier={tier} />
          </div>
        ) : null}
        {preview && derived && phase !== 'previewing' ? (
          <PreviewBody
            preview={preview}
            target={target}
            tier={tier}
            derived={derived}
            chosen={state.chosen}
            filter={state.filter}
            disabled={busy}
            reason={reason}
            onToggle={(key) => dispatch({ type: 'toggle', key })}
            onSetMany={(keys, on) => dispatch({ type: 'setMany', keys, on })}
            onFilter={(filter) => dispatch({ type: 'filter', filter })}
          />
        ) : null}
      </div>
    </Modal>
  );
}

function UploadProgress({
  phase,
  progress,
}: {
  phase: 'previewing' | 'importing' | string;
  progress: number | null;
}) {
  const { t } = useTranslation();
  const label = t(phase === 'importing' ? 'foreignImport.dialog.importing' : 'foreignImport.dialog.reading');
  // Sent: the server reads (or writes) it now; the bar stays full with the spinner.
  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <div className="flex flex-col gap-1.5" aria-live="polite">
      <div className="flex items-center gap-2 text-sm text-ink-muted">
        <Spinner />
        <span>{label}</span>
        {percent !== null && percent < 100 ? (
          <span className="tabular-nums">{t('foreignImport.dialog.percent', { percent })}</span>
        ) : null}
      </div>
      {percent !== null ? (
        <div
          role="progressbar"
          aria-label={t('foreignImport.dialog.upload')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 w-full overflow-hidden rounded-full bg-surface-muted"
        >
          <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
    </div>
  );
}

function SeePlans() {
  const { t } = useTranslation();
  const upgrade = useUpgrade();
  return (
    <button
      type="button"
      onClick={upgrade}
      aria-haspopup="dialog"
      className="mt-2 inline-flex items-center gap-1 rounded-control font-semibold underline underline-offset-2"
    >
      {t('campaigns.seePlans')}
      <ArrowRight aria-hidden="true" className="size-4" />
    </button>
  );
}

function Lines({ lines }: { lines: readonly string[] }) {
  const { t } = useTranslation();
  const shown = lines.slice(0, LINES_MAX);
  return (
    <ul className="mt-1 list-disc pl-5">
      {shown.map((line, index) => (
        <li key={index}>{line}</li>
      ))}
      {lines.length > shown.length ? (
        <li>{t('campaigns.import.more', { count: lines.length - shown.length })}</li>
      ) : null}
    </ul>
  );
}

/** Why the file was not read or not imported, in the server's words (its fields line by line). */
function Refusal({
  error,
  fileName,
  while: when,
  tier,
}: {
  error: unknown;
  fileName: string;
  while: 'preview' | 'import' | null;
  tier: Tier;
}) {
  const { t } = useTranslation();
  if (typeof error === 'object' && error !== null && 'problem' in error) {
    return <Alert tone="error">{t('campaigns.import.problems.tooLargeFile', { file: fileName })}</Alert>;
  }
  if (error instanceof ApiError && error.code === 'PAYLOAD_TOO_LARGE') {
    return <Alert tone="error">{t('campaigns.import.problems.tooLargeFile', { file: fileName })}</Alert>;
  }
  const lines = error instanceof ApiError ? Object.entries(error.fields) : [];
  if (error instanceof ApiError && error.code === 'IMPORT_OVER_LIMITS') {
    return (
      <Alert tone="error">
        <p>{t('campaigns.import.overLimits', { tier })}</p>
        {lines.length > 0 ? <Lines lines={lines.map(([, text]) => text)} /> : null}
        {tier === 'Hero' ? null : <SeePlans />}
      </Alert>
    );
  }
  const reason = errorMessage(error);
  return (
    <Alert tone="error">
      <p>
        {when === 'import'
          ? t('campaigns.import.refused', { file: fileName, reason })
          : t('foreignImport.dialog.unread', { file: fileName, reason })}
      </p>
      {lines.length > 0 ? <Lines lines={lines.map(([field, text]) => `${field}: ${text}`)} /> : null}
    </Alert>
  );
}

type Derived = NonNullable<ReturnType<typeof useForeignImport>['derived']>;

function PreviewBody({
  preview,
  target,
  tier,
  derived,
  chosen,
  filter,
  disabled,
  reason,
  onToggle,
  onSetMany,
  onFilter,
}: {
  preview: ImportPreview;
  target: ImportTarget;
  tier: Tier;
  derived: Derived;
  chosen: ReadonlySet<string>;
  filter: string;
  disabled: boolean;
  reason: ReactNode;
  onToggle: (key: string) => void;
  onSetMany: (keys: readonly string[], on: boolean) => void;
  onFilter: (filter: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { counts } = preview;
  const formatKey = `foreignImport.formats.${preview.format}`;
  const format = t(formatKey, { defaultValue: preview.format });
  // Each count stays whole on a line; the list wraps between them.
  const countList = (items: string[]) =>
    items.map((item, index) => (
      <Fragment key={item}>
        <span className="whitespace-nowrap">{item}</span>
        {index < items.length - 1 ? ', ' : ''}
      </Fragment>
    ));
  const summary: [string, ReactNode][] = [
    [t('foreignImport.dialog.format'), format],
    ...(target.kind === 'campaign'
      ? ([[t('foreignImport.dialog.campaign'), preview.name]] as [string, ReactNode][])
      : []),
    [
      t('foreignImport.dialog.holds'),
      countList([
        t('foreignImport.dialog.counts.units', { count: counts.units }),
        t('foreignImport.dialog.counts.encounters', { count: counts.encounters }),
        ...(target.kind === 'campaign'
          ? [
              t('foreignImport.dialog.counts.characteristics', { count: counts.characteristics }),
              t('foreignImport.dialog.counts.races', { count: counts.races }),
              t('foreignImport.dialog.counts.classes', { count: counts.classes }),
              t('foreignImport.dialog.counts.statuses', { count: counts.statuses }),
              // Rules come from Kanka notes, Foundry journals or a Questkeeper file; the other tools'
              // campaigns get the default rules page, not worth a count.
              ...(counts.rulesChars > 0 && FORMATS_WITH_RULES.has(preview.format)
                ? [t('foreignImport.dialog.counts.rulesChars', { count: counts.rulesChars })]
                : []),
            ]
          : []),
      ]),
    ],
  ];
  // Worded here from the reason, in the page's language; a reason this page does not know yet keeps
  // the server's words.
  const warnings = preview.warnings.map((warning) =>
    t(`foreignImport.warnings.${warning.reason}` as 'foreignImport.warnings.cut', {
      text: warning.text,
      limit: warning.limit === undefined ? '' : warning.limit.toLocaleString(i18n.language),
      defaultValue: warning.message,
    }),
  );
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-control border border-line bg-surface-muted px-3 py-2 text-sm">
        {summary.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-ink-muted">{term}</dt>
            <dd className="break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {derived.fixed.length > 0 ? (
        <Alert tone="error">
          <p>{t('foreignImport.dialog.overLimits', { tier })}</p>
          <Lines lines={derived.fixed.map((item) => item.message)} />
          {tier === 'Hero' ? null : <SeePlans />}
        </Alert>
      ) : null}
      {warnings.length > 0 ? (
        <details className="rounded-control border border-line px-3 py-2 text-sm">
          <summary className="cursor-pointer font-medium">
            {t('foreignImport.dialog.warnings', { count: warnings.length })}
          </summary>
          <Lines lines={warnings} />
        </details>
      ) : null}
      {derived.whole ? (
        <p className="text-sm text-ink-muted">{t('foreignImport.dialog.wholeFile')}</p>
      ) : (
        <Choice
          sample={preview.sample}
          chosen={chosen}
          needed={derived.needed}
          counts={derived.counts}
          filter={filter}
          disabled={disabled}
          reason={reason}
          onToggle={onToggle}
          onSetMany={onSetMany}
          onFilter={onFilter}
        />
      )}
    </div>
  );
}

function Choice({
  sample,
  chosen,
  needed,
  counts,
  filter,
  disabled,
  reason,
  onToggle,
  onSetMany,
  onFilter,
}: {
  sample: readonly ImportSampleItem[];
  chosen: ReadonlySet<string>;
  needed: ReadonlySet<string>;
  counts: { units: number; encounters: number };
  filter: string;
  disabled: boolean;
  reason: ReactNode;
  onToggle: (key: string) => void;
  onSetMany: (keys: readonly string[], on: boolean) => void;
  onFilter: (filter: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const shown = useMemo(() => matching(sample, filter), [sample, filter]);
  const visible = shown.slice(0, SHOWN_MAX);
  const units = visible.filter((item) => item.kind === 'unit');
  const encounters = visible.filter((item) => item.kind === 'encounter');
  const keys = shown.map((item) => item.key);
  const neededHint = `${id}-needed`;
  return (
    <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">{t('foreignImport.dialog.choose')}</legend>
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          className="min-w-0 flex-1 basis-48"
          label={t('foreignImport.dialog.filter')}
          type="search"
          value={filter}
          onChange={(event) => onFilter(event.target.value)}
          autoComplete="off"
        />
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => onSetMany(keys, true)} disabled={keys.length === 0}>
            {t(filter.trim() ? 'foreignImport.dialog.allShown' : 'foreignImport.dialog.all')}
          </Button>
          <Button variant="secondary" onClick={() => onSetMany(keys, false)} disabled={keys.length === 0}>
            {t(filter.trim() ? 'foreignImport.dialog.noneShown' : 'foreignImport.dialog.none')}
          </Button>
        </div>
      </div>
      <p className="text-sm text-ink" aria-live="polite">
        {t('foreignImport.dialog.chosen', {
          units: t('foreignImport.dialog.counts.units', { count: counts.units }),
          encounters: t('foreignImport.dialog.counts.encounters', { count: counts.encounters }),
        })}
      </p>
      {reason}
      {/* Read only as the description of a locked checkbox (a hidden element still describes). */}
      <p id={neededHint} hidden>
        {t('foreignImport.dialog.needed')}
      </p>
      {shown.length === 0 ? (
        <p className="text-sm text-ink-muted">
          {t('foreignImport.dialog.noMatch', { filter: filter.trim() })}
        </p>
      ) : null}
      {units.length > 0 ? (
        <ItemList heading={t('foreignImport.dialog.units')}>
          {units.map((item) => {
            const isNeeded = needed.has(item.key);
            return (
              <Item
                key={item.key}
                item={item}
                checked={chosen.has(item.key) || isNeeded}
                locked={isNeeded}
                describedBy={isNeeded ? neededHint : undefined}
                detail={[
                  item.isPlayer ? t('foreignImport.dialog.player') : null,
                  item.hp === undefined ? null : t('foreignImport.dialog.hp', { hp: item.hp }),
                  isNeeded ? t('foreignImport.dialog.neededShort') : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
                onToggle={onToggle}
              />
            );
          })}
        </ItemList>
      ) : null}
      {encounters.length > 0 ? (
        <ItemList heading={t('foreignImport.dialog.encounters')}>
          {encounters.map((item) => (
            <Item
              key={item.key}
              item={item}
              checked={chosen.has(item.key)}
              locked={false}
              detail={t('foreignImport.dialog.counts.units', { count: item.units?.length ?? 0 })}
              onToggle={onToggle}
            />
          ))}
        </ItemList>
      ) : null}
      {shown.length > visible.length ? (
        <p className="text-sm text-ink-muted">
          {t('foreignImport.dialog.shownFirst', { shown: visible.length, count: shown.length })}
        </p>
      ) : null}
    </fieldset>
  );
}

function ItemList({ heading, children }: { heading: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <h3 id={id} className="text-sm font-semibold">
        {heading}
      </h3>
      <ul
        aria-labelledby={id}
        className="flex flex-col divide-y divide-line rounded-control border border-line"
      >
        {children}
      </ul>
    </div>
  );
}

function Item({
  item,
  checked,
  locked,
  detail,
  describedBy,
  onToggle,
}: {
  item: ImportSampleItem;
  checked: boolean;
  /** Brought by a chosen encounter: ticked, and unticking it would not leave it out. */
  locked: boolean;
  detail: string;
  describedBy?: string | undefined;
  onToggle: (key: string) => void;
}) {
  const id = useId();
  const nameId = `${id}-name`;
  const detailId = `${id}-detail`;
  return (
    <li>
      <label
        className={
          'flex min-h-11 items-center gap-3 px-3 py-1.5 text-sm ' +
          (locked ? 'cursor-default' : 'cursor-pointer hover:bg-surface-muted')
        }
      >
        <input
          type="checkbox"
          className="size-4 shrink-0 accent-brand"
          checked={checked}
          disabled={locked}
          // Named by the name alone; what follows it describes it.
          aria-labelledby={nameId}
          aria-describedby={[detail ? detailId : null, describedBy].filter(Boolean).join(' ') || undefined}
          onChange={() => onToggle(item.key)}
        />
        <span id={nameId} className="min-w-0 flex-1 break-words font-medium text-ink">
          {item.name}
        </span>
        {detail ? (
          <span id={detailId} className="shrink-0 text-xs text-ink-muted">
            {detail}
          </span>
        ) : null}
      </label>
    </li>
  );
}
