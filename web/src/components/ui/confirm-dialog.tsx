// Confirmation before destructive actions (docs/product.md#messages): `const confirm = useConfirm();` then
// `if (await confirm({ message, confirmLabel })) …`. Render `confirm.dialog` once in the component.
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Modal } from './modal';

interface ConfirmOptions {
  title?: string;
  message: string;
  confirmLabel?: string;
  /** The button that backs out (default 'Cancel'; say what is kept when 'Cancel' would be ambiguous). */
  cancelLabel?: string;
  /** 'danger' (default) for deletions, 'primary' for other overwrites. */
  tone?: 'danger' | 'primary';
}

interface Pending extends ConfirmOptions {
  resolve: (ok: boolean) => void;
}

export function useConfirm(): ((options: ConfirmOptions) => Promise<boolean>) & { dialog: ReactNode } {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Pending | null>(null);

  const ask = useCallback(
    (options: ConfirmOptions) => new Promise<boolean>((resolve) => setPending({ ...options, resolve })),
    [],
  );
  const settle = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };

  const dialog = (
    <Modal
      open={pending !== null}
      size="sm"
      title={pending?.title ?? t('common.confirmTitle')}
      onClose={() => settle(false)}
      footer={
        <>
          <Button variant="secondary" onClick={() => settle(false)}>
            {pending?.cancelLabel ?? t('common.cancel')}
          </Button>
          <Button variant={pending?.tone ?? 'danger'} onClick={() => settle(true)} data-autofocus>
            {pending?.confirmLabel ?? t('common.confirm')}
          </Button>
        </>
      }
    >
      <p>{pending?.message}</p>
    </Modal>
  );
  return Object.assign(ask, { dialog });
}
