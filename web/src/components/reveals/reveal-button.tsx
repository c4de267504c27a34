// The "Reveal to players" button of one thing (a unit, a list entry): an eye beside its other
// actions, only while the campaign has a live share link (use-reveal-action.ts).
import { Eye } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useRevealAction, type RevealableKind } from './use-reveal-action';

export function RevealButton({
  campaignId,
  kind,
  reference,
  name,
}: {
  campaignId: string;
  kind: RevealableKind;
  /** The reveal's `ref` (core/src/schemas/reveals.ts). */
  reference: string;
  name: string;
}) {
  const action = useRevealAction(campaignId);
  if (!action) return null;
  const label = action.labelOf(kind, reference, name);
  return (
    <Button
      variant="ghost"
      size="sm"
      className="w-9 px-0"
      aria-label={label}
      title={label}
      loading={action.pending === reference}
      onClick={() => void action.reveal(kind, reference)}
      icon={<Eye aria-hidden="true" className="size-4" />}
    />
  );
}
