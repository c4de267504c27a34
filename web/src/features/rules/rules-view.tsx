// The campaign rules view (docs/product.md#dashboard, #rules-search, #editing): the rules read as
// rendered markdown, edited in the markdown editor with save and cancel (cancel restores the earlier
// text), and searched line by line. The tier's rules limit applies to saving only (docs/product.md#search:
// after a downgrade longer rules stay readable and editable, and may be saved once within the limit).
// Read, the headings carry anchors and a "Linked from" button (docs/decisions/063), and a place in the
// URL (`heading`, `line`: a link, a search result, a backlink) scrolls to what it names.
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Pencil, Save, X } from 'lucide-react';
import { isTopTier, TIER_LIMITS } from '@questkeeper/core/tiers';
import { LinkedFrom } from '@/components/linked-from';
import { MarkdownEditor, selectInEditor } from '@/components/markdown-editor/markdown-editor';
import { useRevealAction } from '@/components/reveals/use-reveal-action';
import { finishRendering } from '@/components/markdown-editor/markdown-preview';
import { spotlight } from '@/components/toast/spotlight';
import { AnchoredPopover } from '@/components/ui/anchored-popover';
import { useToast } from '@/components/toast/toast-store';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useUpgrade } from '@/components/upgrade/upgrade-context';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { headingsOf } from '@/lib/campaign-links';
import { usePlace } from '@/lib/campaign-places';
import { conflictCampaign, useUpdateCampaign, type CampaignViewProps } from '@/lib/campaigns';
import { useSecretSeen } from '@/lib/guide';
import { currentLanguage } from '@/lib/i18n';
import { RulesConflict } from './components/rules-conflict';
import { RulesSearch } from './components/rules-search';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import { scrollToRenderedMatch, useDocumentHighlights } from './lib/document-highlight';
import { occurrencesBefore, type LineMatch } from './lib/search';

export default function RulesView(props: CampaignViewProps) {
  // A fresh state per campaign: switching campaigns never carries a draft over.
  return <RulesPanel key={props.campaign._id} {...props} />;
}

/**
 * `original` and `version`: the rules the draft started from and the campaign's version then. A save
 * sends the version; when the campaign was written since (409), the draft stays (decision 036).
 */
type Editing = { original: string; draft: string; version: string };
/** The rules as saved elsewhere while the user edited, and the version to save over them. */
type Conflict = { theirs: string; version: string };

/** A save refused because the campaign changed meanwhile is retried this often when the rules did not. */
const REBASES = 3;

function RulesPanel({ campaign, tier }: CampaignViewProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const update = useUpdateCampaign();
  const toast = useToast();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  // The guided first fight's "find the secret" (docs/product.md#guided-first-fight).
  useSecretSeen(contentRef, !editing);
  // The query whose results are listed: its matches are marked in the text below too.
  const [searched, setSearched] = useState('');
  const onActiveChange = useCallback((query: string) => setSearched(query), []);
  useDocumentHighlights(contentRef, searched);

  const limit = TIER_LIMITS[tier].rulesChars;
  const text = editing ? editing.draft : campaign.rules;
  const dirty = editing !== null && editing.draft !== editing.original;
  const overLimit = editing !== null && editing.draft.length > limit;
  const numbers = useMemo(() => new Intl.NumberFormat(currentLanguage()), []);
  const upgrade = useUpgrade();

  useUnsavedChanges(dirty);

  // The heading or line a place names, once per navigation, in the text as read.
  const { heading, line } = usePlace();
  const { key: navigation } = useLocation();
  const reading = editing === null;
  const scrolled = useRef<string | null>(null);
  useEffect(() => {
    const container = contentRef.current;
    if (!reading || !container || scrolled.current === navigation || (heading === null && line === null))
      return;
    scrolled.current = navigation;
    const frame = requestAnimationFrame(() => {
      // A long text renders in chunks: what the place names may not be there yet.
      finishRendering(container);
      const target =
        heading !== null ? headingElement(container, heading) : lineElement(container, line ?? 1);
      if (!target) return;
      // At the top of the text's own scroll box; the page itself moves only as far as needed.
      const box = target.closest<HTMLElement>('[role="region"]');
      if (box) box.scrollTop += target.getBoundingClientRect().top - box.getBoundingClientRect().top - 16;
      spotlight(target);
    });
    return () => cancelAnimationFrame(frame);
  }, [reading, navigation, heading, line]);

  // "Linked from" of a heading, opened by the button beside it.
  const [headingPanel, setHeadingPanel] = useState<{ anchor: HTMLElement; slug: string } | null>(null);
  const panelHeading = headingPanel
    ? (headingsOf(campaign.rules).find((item) => item.slug === headingPanel.slug)?.text ?? headingPanel.slug)
    : '';
  // "Reveal to players" beside each heading while the campaign has a live share link (issue 34).
  const revealAction = useRevealAction(campaign._id);
  // The labels change with the reveals list only (not with a pending reveal): sections render again then.
  const revealLabelOf = revealAction?.labelOf;
  const revealLabel = useMemo(
    () =>
      revealLabelOf
        ? (heading: string, slug: string) => revealLabelOf('rules-section', slug, heading)
        : undefined,
    [revealLabelOf],
  );
  function onContentClick(event: MouseEvent<HTMLDivElement>) {
    if (!(event.target instanceof Element)) return;
    const revealButton = event.target.closest<HTMLElement>('button[data-reveal-heading]');
    if (revealButton && revealAction) {
      void revealAction.reveal('rules-section', revealButton.dataset.revealHeading ?? '');
      return;
    }
    const button = event.target.closest<HTMLElement>('button[data-backlinks-heading]');
    if (!button) return;
    const slug = button.dataset.backlinksHeading ?? '';
    setHeadingPanel((open) => (open?.anchor === button ? null : { anchor: button, slug }));
  }

  function startEditing() {
    update.reset();
    setConflict(null);
    setEditing({ original: campaign.rules, draft: campaign.rules, version: campaign.version });
  }

  async function cancel() {
    if (!editing) return;
    if (
      dirty &&
      !(await confirm({
        title: t('common.discardTitle'),
        message: t('rules.discardMessage'),
        confirmLabel: t('common.discardChanges'),
        cancelLabel: t('common.keepEditing'),
      }))
    ) {
      return;
    }
    update.reset();
    setConflict(null);
    setEditing(null);
  }

  /**
   * Saves the draft over the version it started from. A 409 whose campaign still holds the rules the
   * draft started from (another field changed: a list, the initiative) is no conflict: saved again on
   * top of it. Otherwise the notice shows and the draft stays.
   */
  async function save(from: Editing | null = editing) {
    if (!from || from.draft.length > limit) return;
    if (from.draft === from.original && !conflict) {
      setEditing(null);
      return;
    }
    let base = from;
    for (let attempt = 0; attempt < REBASES; attempt++) {
      try {
        await update.mutateAsync({ id: campaign._id, changes: { rules: base.draft, version: base.version } });
        setConflict(null);
        setEditing(null);
        toast.success(t('rules.saved'));
        return;
      } catch (error) {
        const current = conflictCampaign(error);
        // Any other refusal is shown from update.error below.
        if (!current) return;
        if (current.rules !== base.original) {
          setConflict({ theirs: current.rules, version: current.version });
          return;
        }
        base = { ...base, version: current.version };
        setEditing((editing) => (editing ? { ...editing, version: current.version } : editing));
      }
    }
  }

  /** Saves the user's text over the rules saved elsewhere (they read them, or chose not to). */
  function keepMine() {
    if (!editing || !conflict) return;
    const next = { original: conflict.theirs, draft: editing.draft, version: conflict.version };
    setEditing(next);
    void save(next);
  }

  /** Drops the draft for the rules as saved now (the cache already holds them). */
  function takeTheirs() {
    update.reset();
    setConflict(null);
    setEditing(null);
  }

  function showLine(line: LineMatch, query: string) {
    const container = contentRef.current;
    const first = line.ranges[0];
    if (!container || !first) return;
    const start = line.lineStart + first.start;
    const textBox = editing ? container.querySelector('#rules-editor') : null;
    if (textBox) selectInEditor(textBox, start, line.lineStart + first.end);
    else scrollToRenderedMatch(container, query, occurrencesBefore(text, query, start));
  }

  return (
    <section aria-labelledby="rules-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="rules-heading" className="truncate text-2xl font-semibold text-ink">
            {t('rules.heading', { name: campaign.name })}
          </h2>
          <p className={`text-sm ${overLimit ? 'font-medium text-danger' : 'text-ink-muted'}`}>
            {t('rules.usage', { count: numbers.format(text.length), limit: numbers.format(limit) })}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {editing ? (
            <>
              <Button
                variant="secondary"
                onClick={cancel}
                disabled={update.isPending}
                icon={<X aria-hidden="true" className="size-4" />}
              >
                {t('common.cancel')}
              </Button>
              <Button
                onClick={() => void save()}
                loading={update.isPending}
                disabled={overLimit}
                icon={<Save aria-hidden="true" className="size-4" />}
              >
                {update.isPending ? t('common.saving') : t('common.save')}
              </Button>
            </>
          ) : (
            <Button onClick={startEditing} icon={<Pencil aria-hidden="true" className="size-4" />}>
              {t('common.edit')}
            </Button>
          )}
        </div>
      </div>

      {conflict && editing ? (
        <RulesConflict
          theirs={conflict.theirs}
          saving={update.isPending}
          onKeepMine={keepMine}
          onTakeTheirs={takeTheirs}
        />
      ) : update.error && !conflictCampaign(update.error) ? (
        <Alert tone="error">{errorMessage(update.error)}</Alert>
      ) : null}
      {overLimit && editing ? (
        <Alert tone="info">
          {t('rules.overLimit', {
            count: numbers.format(editing.draft.length),
            limit: numbers.format(limit),
            tier,
          })}{' '}
          {!isTopTier(tier) ? (
            <button
              type="button"
              onClick={upgrade}
              aria-haspopup="dialog"
              className="rounded-control font-medium text-brand underline"
            >
              {t('rules.upgrade')}
            </button>
          ) : null}
        </Alert>
      ) : null}

      <RulesSearch text={text} onSelect={showLine} onActiveChange={onActiveChange} />

      <div ref={contentRef} onClick={onContentClick}>
        {editing ? (
          <MarkdownEditor
            id="rules-editor"
            label={t('rules.editorLabel')}
            value={editing.draft}
            onChange={(draft) => setEditing((current) => (current ? { ...current, draft } : current))}
            // Rules already over the limit (after a downgrade) can still be shortened.
            maxLength={Math.max(limit, editing.original.length)}
            // The Edit button is gone: the text takes the focus.
            autoFocus
          />
        ) : (
          <MarkdownEditor
            readOnly
            anchors
            revealLabel={revealLabel}
            label={t('rules.readLabel')}
            value={campaign.rules}
            onChange={ignoreChange}
            maxLength={Math.max(limit, campaign.rules.length)}
          />
        )}
      </div>
      {headingPanel && !editing && headingPanel.anchor.isConnected ? (
        <AnchoredPopover
          anchor={headingPanel.anchor}
          label={t('links.linkedFrom.titleOf', { name: panelHeading })}
          onClose={() => setHeadingPanel(null)}
          className="w-[22rem] p-4"
        >
          <LinkedFrom
            kind="heading"
            target={headingPanel.slug}
            title={t('links.linkedFrom.titleOf', { name: panelHeading })}
            onNavigate={() => setHeadingPanel(null)}
          />
        </AnchoredPopover>
      ) : null}
      {confirm.dialog}
    </section>
  );
}

function ignoreChange() {}

/** The rendered heading of a slug (ids are `h-<slug>`; data-heading holds the slug as it is). */
function headingElement(container: HTMLElement, slug: string): HTMLElement | null {
  for (const element of container.querySelectorAll<HTMLElement>('[data-heading]')) {
    if (element.dataset.heading === slug) return element;
  }
  return null;
}

/** The last rendered block starting at or before `line` (1-based): the one holding it. */
function lineElement(container: HTMLElement, line: number): HTMLElement | null {
  let found: HTMLElement | null = null;
  for (const element of container.querySelectorAll<HTMLElement>('[data-line]')) {
    if (Number(element.dataset.line) <= line) found = element;
  }
  return found;
}
