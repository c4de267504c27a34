import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';

export type AlertTone = 'error' | 'success' | 'info';

const tones: Record<AlertTone, { box: string; Icon: typeof Info }> = {
  error: { box: 'border-danger/40 bg-danger-soft text-danger', Icon: CircleAlert },
  success: { box: 'border-success/40 bg-success-soft text-success', Icon: CircleCheck },
  info: { box: 'border-line bg-info-soft text-ink', Icon: Info },
};

/** A message box; errors are announced assertively, the rest politely. */
export function Alert({
  tone,
  children,
  className = '',
}: {
  tone: AlertTone;
  children: ReactNode;
  className?: string;
}) {
  const { box, Icon } = tones[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-2 rounded-control border px-3 py-2 text-sm ${box} ${className}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
