import { useId } from 'react';
import { CircleCheck, type LucideIcon } from 'lucide-react';

/** One option of a radio group drawn as a card (the campaign form's "default" / "copy" / "import"). */
export function ChoiceCard({
  name,
  value,
  checked,
  onSelect,
  icon: Icon,
  title,
  description,
  disabled = false,
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  icon: LucideIcon;
  title: string;
  description: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <label
      className={
        'relative flex gap-3 rounded-card border p-4 transition-colors sm:flex-col ' +
        'has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-focus ' +
        (checked ? 'border-brand bg-brand-soft ' : 'border-line bg-surface ') +
        (disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:border-brand')
      }
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onSelect}
        disabled={disabled}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className="sr-only"
      />
      <span
        className={
          'flex size-10 shrink-0 items-center justify-center rounded-full ' +
          (checked ? 'bg-brand text-on-brand' : 'bg-surface-muted text-brand')
        }
      >
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="min-w-0 pr-5">
        <span id={`${id}-title`} className="block font-semibold">
          {title}
        </span>
        <span id={`${id}-text`} className="mt-0.5 block text-sm text-ink-muted">
          {description}
        </span>
      </span>
      {checked ? (
        <CircleCheck aria-hidden="true" className="absolute right-3 top-3 size-5 text-brand" />
      ) : null}
    </label>
  );
}
