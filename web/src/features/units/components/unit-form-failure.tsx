// A server refusal at the top of the unit form: its message, the field messages the form has no
// field for, and the way up when a higher plan lifts the refusal.
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

export interface UnitFormRefusal {
  message: string;
  code: string;
  /** Server field messages the form has no field for. */
  other: string[];
}

/** Refusals that a higher plan lifts: the alert offers the upgrade. */
const LIMIT_CODES = new Set<string>(['UNIT_LIMIT_REACHED', 'NOTE_TOO_LONG', 'QUICK_GENERATION_LOCKED']);

export function UnitFormFailure({
  failure,
  mayUpgrade,
  onUpgrade,
  ref,
}: {
  failure: UnitFormRefusal;
  /** The tier has a plan above it. */
  mayUpgrade: boolean;
  onUpgrade: () => void;
  /** Focus lands here after a refusal no field shows. */
  ref: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation();
  return (
    <div ref={ref} tabIndex={-1} className="focus:outline-none">
      <Alert tone="error">
        <p>{failure.message}</p>
        {failure.other.length > 0 ? (
          <ul className="mt-1 list-disc pl-5">
            {failure.other.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
        {LIMIT_CODES.has(failure.code) && mayUpgrade ? (
          <Button variant="secondary" size="sm" className="mt-2" onClick={onUpgrade}>
            {t('unitForm.upgrade')}
          </Button>
        ) : null}
      </Alert>
    </div>
  );
}
