// The hint and the error under a form field, with the ids its aria-describedby names: one markup
// for TextField and SelectField.
import type { ReactNode } from 'react';

export function FieldMessages({
  hintId,
  hint,
  errorId,
  error,
}: {
  hintId: string | undefined;
  hint: ReactNode;
  errorId: string | undefined;
  error: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <div id={hintId} className="text-sm text-ink-muted">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}
