import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';
import { useHydrated } from '@/lib/use-hydrated';
import { TextField, type TextFieldProps } from './text-field';

/**
 * A password input with its own show/hide toggle (docs/product.md#profile-view: each password field has one).
 */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-disabled={hydrated ? undefined : true}
          aria-label={t(visible ? 'common.hidePassword' : 'common.showPassword', { field: props.label })}
          className="inline-flex size-9 items-center justify-center rounded-control text-ink-muted hover:bg-surface-muted hover:text-ink"
        >
          <VisibilityIcon visible={visible} />
        </button>
      }
    />
  );
}

/** The toggle's icon: the login and reset islands (decision 073) swap in the build's rendering of it. */
export function VisibilityIcon({ visible }: { visible: boolean }) {
  return visible ? (
    <EyeOff aria-hidden="true" className="size-5" />
  ) : (
    <Eye aria-hidden="true" className="size-5" />
  );
}
