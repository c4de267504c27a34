// A document was saved elsewhere while the user edited it (409 GAME_DATA_CONFLICT, UNIT_CONFLICT,
// decision 036): nothing was written and the user's draft stays where it is. The notice says so,
// shows what is saved now (`children`), and lets the user save their version over it or take the
// saved one. The rules editor, the unit form and the unit notes modal show it, in their own words.
import type { ReactNode, Ref } from 'react';
import { useId } from 'react';
import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function ConflictNotice({
  title,
  body,
  keepMine,
  takeTheirs,
  saving,
  onKeepMine,
  onTakeTheirs,
  children,
  ref,
}: {
  title: string;
  /** What happened and where the draft is (the form, the editor). */
  body: string;
  /** The two buttons' words: save the draft over the saved version, or take the saved one. */
  keepMine: string;
  takeTheirs: string;
  saving: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  /** What is saved now, for the user to compare. */
  children?: ReactNode;
  /** Focus lands here when the notice appears. */
  ref?: Ref<HTMLElement>;
}) {
  const titleId = useId();
  return (
    <section
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-control border border-danger/40 bg-danger-soft px-4 py-3 text-sm text-ink focus:outline-none"
    >
      <h3 id={titleId} className="flex items-start gap-2 font-semibold text-danger">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {title}
      </h3>
      <p>{body}</p>
      {children}
      <div className="flex flex-wrap gap-2">
        <Button onClick={onKeepMine} loading={saving}>
          {keepMine}
        </Button>
        <Button variant="secondary" onClick={onTakeTheirs} disabled={saving}>
          {takeTheirs}
        </Button>
      </div>
    </section>
  );
}
