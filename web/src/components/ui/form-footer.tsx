// The Cancel / Save pair that ends every form dialog: while the save runs, Cancel waits and Save
// shows its spinner. Save submits the form named by `formId`, or runs `onSubmit` when there is none.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonSize } from './button';

export function FormFooter({
  submitLabel,
  busy,
  onCancel,
  formId,
  onSubmit,
  submitDisabled = false,
  submitIcon,
  describedBy,
  size,
}: {
  submitLabel: string;
  /** A save is running. */
  busy: boolean;
  onCancel: () => void;
  /** The id of the <form> Save submits. */
  formId?: string;
  /** Save's action when it submits no form. */
  onSubmit?: () => void;
  submitDisabled?: boolean;
  submitIcon?: ReactNode;
  /** Why Save is disabled, when the form says so beside it. */
  describedBy?: string | undefined;
  size?: ButtonSize;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="secondary" size={size} onClick={onCancel} disabled={busy}>
        {t('common.cancel')}
      </Button>
      <Button
        type={formId ? 'submit' : 'button'}
        form={formId}
        size={size}
        loading={busy}
        disabled={submitDisabled}
        icon={submitIcon}
        aria-describedby={describedBy}
        onClick={onSubmit}
      >
        {submitLabel}
      </Button>
    </>
  );
}
