// Edit mode of the markdown editor. The text lives in CodeMirror (code-editor.ts), never in React
// state: React never writes a 600,000-character value on a keystroke, and typing never waits on the
// host, which hears of changes 300 ms after the last one (at once on blur and unmount, so a Save click
// right after typing loses nothing). The preview follows in the background (useDeferredValue), after
// a pause in typing for long texts. In a campaign, `[[` and `@` complete its names (link-completion.ts).
import {
  memo,
  useCallback,
  useDeferredValue,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorView } from '@codemirror/view';
import { useCampaignLinks } from '@/lib/campaign-links';
import { applyEdit, createCodeEditor, replaceText, selectRange, selectionOf, textOf } from './code-editor';
import './code-editor.css';
import { SELECT_EVENT } from './editor-events';
import { MarkdownPreview } from './markdown-preview';
import { PreviewPlaceholder, hasText } from './preview-placeholder';
import { acceptsLength, changedRange } from './snippets';
import { SPLIT_INITIAL, SplitDivider } from './split-divider';
import { linkOptions, type LinkOption } from './link-completion';
import { EditorToolbar, type ToolbarAction } from './toolbar';
import { snippetFor, type Snippet } from './toolbar-actions';
import { useFullscreen } from './use-fullscreen';

export const CHANGE_DEBOUNCE_MS = 300;
/** From this size on, the preview waits for a pause in typing instead of following each keystroke. */
const LARGE_TEXT = 20_000;
const PREVIEW_IDLE_MS = 300;
/** Long texts: the counter catches up this long after a keystroke (a frame; unnoticeable). */
const COUNTER_DELAY_MS = 20;
/** The counter turns to a warning colour from this share of the limit. */
const WARNING_SHARE = 0.9;

type Outcome = 'applied' | 'refused' | 'invalid';

/**
 * Where CodeMirror lives; never re-rendered, so React leaves its DOM alone. Leaving the text sends
 * a pending change through React's own (synchronous) blur event, so a Save click right after typing
 * sees it — CodeMirror reports focus changes only a few milliseconds later.
 */
const EditorSurface = memo(function EditorSurface({
  ref,
  onBlur,
}: {
  ref: Ref<HTMLDivElement>;
  onBlur: () => void;
}) {
  return (
    <div
      ref={ref}
      onBlur={onBlur}
      // Sized by the grid: strict containment keeps each keystroke's layout inside the editor.
      className="qk-code-editor min-h-0 min-w-0 border-b border-line bg-surface text-ink [contain:strict] md:border-b-0"
    />
  );
});

export interface MarkdownWriterProps {
  value: string;
  /** Debounced 300 ms; a pending change is flushed on blur and on unmount. */
  onChange: (value: string) => void;
  /** A change that would make the text longer than this is refused (shortening is always allowed). */
  maxLength: number;
  /** Accessible name of the text box. */
  label: string;
  /** Id of the text box. */
  id?: string | undefined;
  /** Focus the text box once it exists (its code loads on demand, so a host cannot do it on mount). */
  autoFocus?: boolean | undefined;
  /** Ids of the host's own help and error lines, read with the text box (after its counter and keys). */
  describedBy?: string | undefined;
}

export function MarkdownWriter({
  value,
  onChange,
  maxLength,
  label,
  id,
  autoFocus,
  describedBy,
}: MarkdownWriterProps) {
  const { t, i18n } = useTranslation();
  const ownId = useId();
  const textareaId = id ?? `${ownId}-text`;
  const previewId = `${ownId}-preview`;
  const counterId = `${ownId}-counter`;
  const hintId = `${ownId}-keys`;

  const [length, setLength] = useState(value.length);
  const [previewSource, setPreviewSource] = useState(value);
  const shownSource = useDeferredValue(previewSource);
  /** The last `value` seen, and the last text the host and the editor were known to share. */
  const [hostValue, setHostValue] = useState(value);
  const [synced, setSynced] = useState(value);
  const [reset, setReset] = useState<{ text: string } | null>(null);
  const [refusals, setRefusals] = useState(0);
  const [ratio, setRatio] = useState(SPLIT_INITIAL);

  const rootRef = useRef<HTMLDivElement>(null);
  const { fullscreen, toggle: toggleFullscreen, onKeyDown: onRootKeyDown } = useFullscreen(rootRef);
  const splitRef = useRef<HTMLDivElement>(null);
  const surfaceRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  /** A change the host has not heard of yet (its text is read from the editor when it is sent). */
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const previewTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** A long text's length, shown by a counter update that waits for the keystroke's paint. */
  const shownLength = useRef(value.length);
  const lengthUpdate = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onChangeRef = useRef(onChange);
  const maxLengthRef = useRef(maxLength);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
    maxLengthRef.current = maxLength;
  });

  // The campaign's names for the completion, built when they change; the editor reads the latest.
  const links = useCampaignLinks();
  const catalog = links?.catalog;
  const options = useMemo(
    () => (catalog ? linkOptions(catalog, (kind) => t(`links.kinds.${kind}`)) : null),
    [catalog, t],
  );
  const optionsRef = useRef<readonly LinkOption[] | null>(options);
  useLayoutEffect(() => {
    optionsRef.current = options;
  });

  // The host replaced the text (cancel, another campaign…): show it. Its echo of our own change is not
  // a replacement, or what was typed since would be lost.
  if (value !== hostValue) {
    setHostValue(value);
    if (value !== synced) {
      setSynced(value);
      setLength(value.length);
      setPreviewSource(value);
      setReset({ text: value });
    }
  }

  useLayoutEffect(() => {
    if (!reset) return;
    // The host's text wins over a change still waiting to be sent.
    if (pending.current) clearTimeout(pending.current);
    pending.current = null;
    clearTimeout(previewTimer.current);
    if (lengthUpdate.current !== null) clearTimeout(lengthUpdate.current);
    lengthUpdate.current = null;
    shownLength.current = reset.text.length;
    if (viewRef.current) replaceText(viewRef.current, reset.text);
  }, [reset]);

  const flush = useCallback(() => {
    const view = viewRef.current;
    if (pending.current === null || !view) return;
    clearTimeout(pending.current);
    pending.current = null;
    const text = textOf(view);
    setSynced(text);
    onChangeRef.current(text);
  }, []);

  // In a long text the counter follows after the keystroke's frame is painted, so React's render is
  // never on the typing path (at most one update per frame).
  const showLength = useCallback((nextLength: number) => {
    shownLength.current = nextLength;
    if (nextLength < LARGE_TEXT) {
      setLength(nextLength);
      return;
    }
    if (lengthUpdate.current !== null) return;
    lengthUpdate.current = setTimeout(() => {
      lengthUpdate.current = null;
      setLength(shownLength.current);
    }, COUNTER_DELAY_MS);
  }, []);

  const accept = useCallback(
    (nextLength: number) => {
      showLength(nextLength);
      setRefusals(0);
      clearTimeout(previewTimer.current);
      const showPreview = () => {
        if (viewRef.current) setPreviewSource(textOf(viewRef.current));
      };
      if (nextLength < LARGE_TEXT) showPreview();
      else previewTimer.current = setTimeout(showPreview, PREVIEW_IDLE_MS);
      if (pending.current) clearTimeout(pending.current);
      pending.current = setTimeout(flush, CHANGE_DEBOUNCE_MS);
    },
    [flush, showLength],
  );

  const refuse = useCallback(() => setRefusals((count) => count + 1), []);

  // Stable callbacks for the editor, created once, reading the latest render.
  const runActionRef = useRef<(action: ToolbarAction) => boolean>(() => false);
  const editorCallbacks = useRef({ accept, refuse, flush });
  useLayoutEffect(() => {
    editorCallbacks.current = { accept, refuse, flush };
  });

  // The editor is created on mount (and again only if its label or placeholder change, with the text
  // it held); later host texts arrive through `reset`. Unmounting sends a pending change first.
  const mountText = useRef(value);
  const focusOnMount = useRef(autoFocus === true);
  const placeholder = t('editor.textPlaceholder');
  const completionLabel = t('links.completion.label');
  useLayoutEffect(() => {
    const parent = surfaceRef.current;
    if (!parent) return;
    const view = createCodeEditor({
      parent,
      text: mountText.current,
      attributes: {
        id: textareaId,
        'aria-label': label,
        'aria-describedby': [counterId, hintId, describedBy].filter(Boolean).join(' '),
      },
      placeholder,
      maxLength: () => maxLengthRef.current,
      onRefused: () => editorCallbacks.current.refuse(),
      onChanged: (nextLength) => editorCallbacks.current.accept(nextLength),
      onShortcut: (kind) => void runActionRef.current({ kind }),
      linkOptions: () => optionsRef.current,
      completionLabel,
      tooltipParent: rootRef.current ?? undefined,
    });
    viewRef.current = view;
    const onSelect = (event: Event) => {
      const { start, end } = (event as CustomEvent<{ start: number; end: number }>).detail;
      selectRange(view, start, end);
    };
    parent.addEventListener(SELECT_EVENT, onSelect);
    if (focusOnMount.current) view.focus();
    focusOnMount.current = false;
    return () => {
      parent.removeEventListener(SELECT_EVENT, onSelect);
      clearTimeout(previewTimer.current);
      if (lengthUpdate.current !== null) clearTimeout(lengthUpdate.current);
      lengthUpdate.current = null;
      editorCallbacks.current.flush();
      mountText.current = textOf(view);
      viewRef.current = null;
      view.destroy();
    };
  }, [placeholder, completionLabel, textareaId, label, counterId, hintId, describedBy]);

  const apply = (make: Snippet): Outcome => {
    const view = viewRef.current;
    if (!view) return 'invalid';
    const current = textOf(view);
    const selection = selectionOf(view);
    const edit = make(current, selection.start, selection.end);
    if (!edit) return 'invalid'; // The focus stays where it is (in the table menu, to fix the size).
    view.focus();
    if (!acceptsLength(current, edit.text, maxLength)) {
      refuse();
      return 'refused';
    }
    const applied = applyEdit(view, changedRange(current, edit.text), {
      start: edit.selectionStart,
      end: edit.selectionEnd,
    });
    return applied ? 'applied' : 'refused';
  };

  const runAction = (action: ToolbarAction): boolean => apply(snippetFor(action, t)) !== 'invalid';
  useLayoutEffect(() => {
    runActionRef.current = runAction;
  });
  const onAction = useCallback((action: ToolbarAction) => runActionRef.current(action), []);

  // In a dialog (the unit's notes, an encounter's form), Escape in the text is the first half of the
  // way out that the hint below names (Escape, then Tab), not "close the dialog": it would ask to
  // discard the form. A second Escape in a row closes the dialog as usual (decision 081).
  const escapedOnce = useRef(false);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onRootKeyDown(event);
    const inText = event.target instanceof Node && surfaceRef.current?.contains(event.target);
    if (event.key !== 'Escape' || !inText) {
      escapedOnce.current = false;
      return;
    }
    // Escape that closed something first (the list of names) or left fullscreen is not this one.
    if (event.defaultPrevented) return;
    if (!escapedOnce.current && rootRef.current?.closest('dialog')) event.preventDefault();
    escapedOnce.current = !escapedOnce.current;
  };

  const numbers = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const tone =
    length >= maxLength
      ? 'font-medium text-danger'
      : length >= maxLength * WARNING_SHARE
        ? 'font-medium text-gold'
        : 'text-ink-muted';
  const split = { '--qk-left': `${ratio}fr`, '--qk-right': `${100 - ratio}fr` } as CSSProperties;

  return (
    <div
      ref={rootRef}
      role={fullscreen ? 'dialog' : undefined}
      aria-modal={fullscreen || undefined}
      aria-label={fullscreen ? label : undefined}
      onKeyDown={onKeyDown}
      className={fullscreen ? 'fixed inset-0 z-50 flex flex-col bg-canvas p-2 sm:p-4' : 'flex flex-col'}
    >
      <EditorToolbar
        controls={textareaId}
        onAction={onAction}
        fullscreen={fullscreen}
        onToggleFullscreen={toggleFullscreen}
      />
      <div
        ref={splitRef}
        style={split}
        className={
          'grid grid-rows-[minmax(0,1fr)_minmax(0,1fr)] overflow-hidden border border-line bg-surface ' +
          'md:grid-cols-[minmax(50px,var(--qk-left))_0.75rem_minmax(50px,var(--qk-right))] md:grid-rows-[minmax(0,1fr)] ' +
          (fullscreen ? 'min-h-0 flex-1' : 'h-[33rem]')
        }
      >
        <EditorSurface ref={surfaceRef} onBlur={flush} />
        <SplitDivider
          ratio={ratio}
          onRatio={setRatio}
          containerRef={splitRef}
          controls={`${textareaId} ${previewId}`}
          label={t('editor.divider')}
        />
        <div
          id={previewId}
          role="region"
          aria-label={t('editor.preview')}
          // A scroll box must be reachable from the keyboard (axe: scrollable-region-focusable).
          tabIndex={0}
          // Sized by the grid: strict containment keeps a long preview out of each keystroke's layout
          // and paint.
          className="min-h-0 min-w-0 overflow-auto bg-canvas p-4 [contain:strict] focus-visible:outline-offset-[-3px]"
        >
          {hasText(shownSource) ? (
            <MarkdownPreview source={shownSource} />
          ) : (
            <PreviewPlaceholder text={t('editor.emptyEdit')} />
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-start gap-x-4 gap-y-1 rounded-b-card border border-t-0 border-line bg-surface-muted px-3 py-1.5 text-sm">
        <p id={hintId} className="text-ink-muted max-sm:sr-only">
          {t('editor.keyboardHint')}
        </p>
        <p role="status" className="text-danger">
          {refusals > 0 ? t('editor.limitReached', { max: numbers.format(maxLength) }) : ''}
        </p>
        <p id={counterId} className={`ml-auto tabular-nums ${tone}`}>
          {t('editor.counter', { current: numbers.format(length), max: numbers.format(maxLength) })}
        </p>
      </div>
    </div>
  );
}
