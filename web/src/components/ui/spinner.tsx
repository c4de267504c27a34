import { LoaderCircle } from 'lucide-react';

/** Decorative spinner: the busy state itself is announced by the control's label or aria-busy. */
export function Spinner({ className = 'size-4' }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={`animate-spin ${className}`} />;
}
