// Edit mode of the markdown editor. The text area is left to the browser (uncontrolled, memoised):
// React never writes a 600,000-character value on a keystroke, and typing never waits on the host,
// which hears of changes 300 ms after the last one (at once on blur and unmount, so a Save click
// right after typing loses nothing). The preview follows in the background (useDeferredValue), after
// a pause in typing for long texts.
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type CSSProperties,
  type KeyboardEvent,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownPreview, PreviewPlaceholder, hasText } from './markdown-preview';
import { acceptsLength } from './snippets';
import { SPLIT_INITIAL, SplitDivider } from './split-divider';
import { insertedLength, replaceWithUndo } from './text-input';
import { EditorToolbar, type ToolbarAction } from './toolbar';
import { snippetFor, type Snippet } from './toolbar-actions';
import { useFullscreen } from './use-fullscreen';

export const CHANGE_DEBOUNCE_MS = 300;
/** From this size on, the preview waits for a pause in typing instead of following each keystroke. */
const LARGE_TEXT = 20_000;
const PREVIEW_IDLE_MS = 300;
/** The counter turns to a warning colour from this share of the limit. */
const WARNING_SHARE = 0.9;

/** Props never change while typing, so React leaves the element alone. */
const TextArea = memo(function TextArea(
  props: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref: Ref<HTMLTextAreaElement> },
) {
  return <textarea {...props} />;
});

type Outcome = 'applied' | 'refused' | 'invalid';

export interface MarkdownWriterProps {
  value: string;
  /** Debounced 300 ms; a pending change is flushed on blur and on unmount. */
  onChange: (value: string) => void;
  /** A change that would make the text longer than this is refused (shortening is always allowed). */
  maxLength: number;
  /** Accessible name of the text area. */
  label: string;
  /** Id of the text area. */
  id?: string | undefined;
}

export function MarkdownWriter({ value, onChange, maxLength, label, id }: MarkdownWriterProps) {
  const { t, i18n } = useTranslation();
  const ownId = useId();
  const textareaId = id ?? `${ownId}-text`;
  const previewId = `${ownId}-preview`;
  const counterId = `${ownId}-counter`;

  const [initialText] = useState(value);
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
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  /** The text as last accepted: what the text area holds between input events. */
  const textRef = useRef(value);
  const pending = useRef<{ value: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  const previewTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  const maxLengthRef = useRef(maxLength);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
    maxLengthRef.current = maxLength;
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
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    clearTimeout(previewTimer.current);
    textRef.current = reset.text;
    if (textareaRef.current) textareaRef.current.value = reset.text;
  }, [reset]);

  const flush = useCallback(() => {
    const change = pending.current;
    if (!change) return;
    clearTimeout(change.timer);
    pending.current = null;
    setSynced(change.value);
    onChangeRef.current(change.value);
  }, []);

  useEffect(
    () => () => {
      clearTimeout(previewTimer.current);
      flush();
    },
    [flush],
  );

  const accept = useCallback(
    (next: string) => {
      textRef.current = next;
      setLength(next.length);
      setRefusals(0);
      clearTimeout(previewTimer.current);
      if (next.length < LARGE_TEXT) setPreviewSource(next);
      else previewTimer.current = setTimeout(() => setPreviewSource(next), PREVIEW_IDLE_MS);
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = { value: next, timer: setTimeout(flush, CHANGE_DEBOUNCE_MS) };
    },
    [flush],
  );

  const refuse = useCallback(() => setRefusals((count) => count + 1), []);

  // Refuses typing and pasting over the limit before the browser applies it, which keeps the caret
  // and the undo history intact; handleChange catches what cannot be predicted.
  useEffect(() => {
    const area = textareaRef.current;
    if (!area) return;
    const onBeforeInput = (event: InputEvent) => {
      const inserted = insertedLength(event);
      if (inserted === null) return;
      const current = textRef.current.length;
      // Reading the selection of a long text costs a few milliseconds: only near the limit.
      if (current + inserted <= maxLengthRef.current) return;
      const next = current - (area.selectionEnd - area.selectionStart) + inserted;
      if (next > maxLengthRef.current && next > current) {
        event.preventDefault();
        refuse();
      }
    };
    area.addEventListener('beforeinput', onBeforeInput);
    return () => area.removeEventListener('beforeinput', onBeforeInput);
  }, [refuse]);

  const handleChange = useCallback(
    (event: ChangeEvent<HTMLTextAreaElement>) => {
      const area = event.currentTarget;
      const next = area.value;
      const previous = textRef.current;
      if (acceptsLength(previous, next, maxLengthRef.current)) {
        accept(next);
        return;
      }
      // Put the text back with the caret where the refused input began.
      const caret = Math.max(0, area.selectionStart - (next.length - previous.length));
      area.value = previous;
      area.setSelectionRange(caret, caret);
      refuse();
    },
    [accept, refuse],
  );

  const apply = (make: Snippet): Outcome => {
    const area = textareaRef.current;
    if (!area) return 'invalid';
    const current = textRef.current;
    const edit = make(current, area.selectionStart, area.selectionEnd);
    if (!edit) return 'invalid'; // The focus stays where it is (in the table menu, to fix the size).
    area.focus();
    if (!acceptsLength(current, edit.text, maxLength)) {
      refuse();
      return 'refused';
    }
    if (!replaceWithUndo(area, current, edit.text)) {
      area.value = edit.text;
      accept(edit.text);
    }
    area.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    return 'applied';
  };

  const runAction = (action: ToolbarAction): boolean => apply(snippetFor(action, t)) !== 'invalid';

  // Stable callbacks for the memoised toolbar and text area, reading the latest render.
  const runActionRef = useRef(runAction);
  useLayoutEffect(() => {
    runActionRef.current = runAction;
  });
  const onAction = useCallback((action: ToolbarAction) => runActionRef.current(action), []);

  const onTextKeyDown = useCallback((event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const key = event.key.toLowerCase();
    if (key !== 'b' && key !== 'i') return;
    event.preventDefault();
    runActionRef.current({ kind: key === 'b' ? 'bold' : 'italic' });
  }, []);

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
      onKeyDown={onRootKeyDown}
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
        <TextArea
          ref={textareaRef}
          id={textareaId}
          aria-label={label}
          aria-describedby={counterId}
          defaultValue={initialText}
          onChange={handleChange}
          onKeyDown={onTextKeyDown}
          onBlur={flush}
          placeholder={t('editor.textPlaceholder')}
          className={
            'min-h-0 min-w-0 resize-none border-b border-line bg-surface p-3 font-mono text-base leading-relaxed text-ink ' +
            'placeholder:text-ink-muted focus-visible:outline-offset-[-3px] md:border-b-0 md:text-[0.9375rem]'
          }
        />
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
