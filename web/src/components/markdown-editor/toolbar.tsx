import { memo, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bold,
  EyeOff,
  Heading,
  ImageIcon,
  Italic,
  Link,
  List,
  ListOrdered,
  Maximize,
  Minimize,
  Strikethrough,
  Table,
} from 'lucide-react';
import { MENU_HEADING_LEVELS, TABLE_SIZE_DEFAULT, TABLE_SIZE_MAX, TABLE_SIZE_MIN } from './snippets';
import { ToolButton, type ToolbarItemProps } from './tool-button';
import { ToolbarMenu } from './toolbar-menu';

export type ToolbarAction =
  | {
      kind: 'bold' | 'italic' | 'strikethrough' | 'bulletList' | 'numberedList' | 'image' | 'link' | 'secret';
    }
  | { kind: 'heading'; level: number }
  | { kind: 'table'; columns: number; rows: number };

interface EditorToolbarProps {
  /** Id of the text area the toolbar acts on. */
  controls: string;
  /** Applies an action; false when it was refused (the table menu then stays open). */
  onAction: (action: ToolbarAction) => boolean;
  fullscreen: boolean;
  onToggleFullscreen: () => void;
}

const icon = 'size-[1.125rem]';
const headingSizes: Record<number, string> = { 1: 'text-xl', 2: 'text-lg', 3: 'text-base', 4: 'text-sm' };
const menuItem =
  'flex w-full items-center rounded-control px-3 py-1.5 text-left font-display font-semibold hover:bg-surface-muted';

function Divider() {
  return <span aria-hidden="true" className="mx-1 h-5 w-px shrink-0 bg-line" />;
}

/** Memoised: typing re-renders the editor, not its toolbar. */
export const EditorToolbar = memo(function EditorToolbar({
  controls,
  onAction,
  fullscreen,
  onToggleFullscreen,
}: EditorToolbarProps) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const [columns, setColumns] = useState(String(TABLE_SIZE_DEFAULT));
  const [rows, setRows] = useState(String(TABLE_SIZE_DEFAULT));
  const columnsId = useId();
  const rowsId = useId();
  const hintId = useId();

  const item = (index: number): ToolbarItemProps => ({
    'data-toolbar-item': '',
    tabIndex: index === active ? 0 : -1,
    onFocus: () => setActive(index),
  });

  // Roving focus (WAI-ARIA toolbar): the arrows, Home and End move between the toolbar's buttons.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (!target.hasAttribute('data-toolbar-item')) return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-toolbar-item]')];
    const index = items.indexOf(target);
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    items[next]?.focus();
  };

  const sizeField = (
    id: string,
    label: string,
    value: string,
    setValue: (value: string) => void,
    insert: () => void,
  ) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={TABLE_SIZE_MIN}
        max={TABLE_SIZE_MAX}
        step={1}
        value={value}
        aria-describedby={hintId}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          // No <form>: the editor often sits inside a host form, and forms cannot nest.
          if (event.key === 'Enter') {
            event.preventDefault();
            insert();
          }
        }}
        className="h-10 w-full rounded-control border border-line bg-surface px-2 text-base text-ink focus-visible:outline-offset-0"
      />
    </div>
  );

  return (
    <div
      role="toolbar"
      aria-label={t('editor.toolbar')}
      aria-controls={controls}
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-center gap-0.5 rounded-t-card border border-b-0 border-line bg-surface-muted px-2 py-1.5"
    >
      <ToolButton
        item={item(0)}
        label={t('editor.bold')}
        icon={<Bold aria-hidden="true" className={icon} />}
        onClick={() => onAction({ kind: 'bold' })}
      />
      <ToolButton
        item={item(1)}
        label={t('editor.italic')}
        icon={<Italic aria-hidden="true" className={icon} />}
        onClick={() => onAction({ kind: 'italic' })}
      />
      <ToolButton
        item={item(2)}
        label={t('editor.strikethrough')}
        icon={<Strikethrough aria-hidden="true" className={icon} />}
        onClick={() => onAction({ kind: 'strikethrough' })}
      />
      <Divider />
      <ToolbarMenu
        item={item(3)}
        label={t('editor.heading')}
        icon={<Heading aria-hidden="true" className={icon} />}
        panelWidth={176}
      >
        {(close) =>
          MENU_HEADING_LEVELS.map((level) => (
            <button
              key={level}
              type="button"
              className={`${menuItem} ${headingSizes[level]}`}
              onClick={() => {
                close();
                onAction({ kind: 'heading', level });
              }}
            >
              {t('editor.headingLevel', { level })}
            </button>
          ))
        }
      </ToolbarMenu>
      <Divider />
      <ToolButton
        item={item(4)}
        label={t('editor.bulletList')}
        icon={<List aria-hidden="true" className={icon} />}
        onClick={() => onAction({ kind: 'bulletList' })}
      />
      <ToolButton
        item={item(5)}
        label={t('editor.numberedList')}
        icon={<ListOrdered aria-hidden="true" className={icon} />}
        onClick={() => onAction({ kind: 'numberedList' })}
      />
      <Divider />
      <ToolbarMenu
        item={item(6)}
        label={t('editor.table')}
        icon={<Table aria-hidden="true" className={icon} />}
        panelWidth={240}
      >
        {(close) => {
          const insert = () => {
            if (onAction({ kind: 'table', columns: Number(columns), rows: Number(rows) })) close();
          };
          return (
            <div className="flex flex-col gap-2 p-1">
              <div className="grid grid-cols-2 gap-2">
                {sizeField(columnsId, t('editor.tableColumns'), columns, setColumns, insert)}
                {sizeField(rowsId, t('editor.tableRows'), rows, setRows, insert)}
              </div>
              <p id={hintId} className="text-xs text-ink-muted">
                {t('editor.tableSizeHint', { min: TABLE_SIZE_MIN, max: TABLE_SIZE_MAX })}
              </p>
              <button
                type="button"
                onClick={insert}
                className="h-9 rounded-control bg-brand px-3 text-sm font-medium text-on-brand hover:bg-brand-strong"
              >
                {t('editor.tableInsert')}
              </button>
            </div>
          );
        }}
      </ToolbarMenu>
      <ToolButton
        item={item(7)}
        label={t('editor.image')}
        icon={<ImageIcon aria-hidden="true" className={icon} />}
        onClick={() => onAction({ kind: 'image' })}
      />
      <ToolButton
        item={item(8)}
        label={t('editor.link')}
        icon={<Link aria-hidden="true" className={icon} />}
        onClick={() => onAction({ kind: 'link' })}
      />
      <ToolButton
        item={item(9)}
        label={t('editor.secretBlock')}
        icon={<EyeOff aria-hidden="true" className={icon} />}
        onClick={() => onAction({ kind: 'secret' })}
      />
      <div className="ml-auto">
        <ToolButton
          item={item(10)}
          label={fullscreen ? t('editor.exitFullscreen') : t('editor.fullscreen')}
          icon={
            fullscreen ? (
              <Minimize aria-hidden="true" className={icon} />
            ) : (
              <Maximize aria-hidden="true" className={icon} />
            )
          }
          onClick={onToggleFullscreen}
        />
      </div>
    </div>
  );
});
