// The contact modal of docs/product.md#modals, #contact-modal (idle, loading, success or error),
// docs/product.md#validation (subject ≤ 200, message ≤ 5000, both required, live counters) and
// docs/product.md#messages (messages). It closes by itself 2 s after a success (docs/product.md#limits). The
// server rate-limits contact (docs/product.md#accounts): its 429 text is shown as is.
import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX } from '@questkeeper/core/limits';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { sendContactMessage } from './api/send-contact';
import { CharCounter } from './components/char-counter';

/** docs/product.md#limits: the success box stays this long, then the modal closes. */
export const CONTACT_AUTO_CLOSE_MS = 2000;

type Status = 'idle' | 'sending' | 'sent';

export function ContactModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const messageId = useId();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<unknown>(null);
  const number = new Intl.NumberFormat(currentLanguage());
  const formRef = useRef<HTMLFormElement>(null);

  // The subject is where the user starts. Runs after the dialog's showModal() (a child's effect runs
  // first), which would otherwise have focused the close button: React's autoFocus is not the
  // attribute showModal() looks for.
  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);

  const close = useEffectEvent(onClose);
  useEffect(() => {
    if (status !== 'sent') return;
    const timer = window.setTimeout(close, CONTACT_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  const subjectOk = subject.trim() !== '' && subject.length <= CONTACT_SUBJECT_MAX;
  const messageOk = message.trim() !== '' && message.length <= CONTACT_MESSAGE_MAX;
  const sending = status === 'sending';
  const sent = status === 'sent';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!subjectOk || !messageOk || status !== 'idle') return;
    setError(null);
    setStatus('sending');
    try {
      await sendContactMessage({ subject: subject.trim(), message: message.trim() });
      setStatus('sent');
    } catch (failure) {
      setError(failure);
      setStatus('idle');
    }
  }

  // docs/product.md#messages: a refusal shows the server's (localized) message; no answer at all, the contact
  // error.
  const apiError = error instanceof ApiError && error.code !== 'NETWORK' ? error : null;
  const errorText = error ? (apiError?.message ?? t('contact.error')) : null;
  const counter = (current: number, max: number) => ({
    current: number.format(current),
    max: number.format(max),
    over: current > max,
  });
  const subjectCount = counter(subject.length, CONTACT_SUBJECT_MAX);
  const messageCount = counter(message.length, CONTACT_MESSAGE_MAX);
  const messageError = apiError?.fields.message;

  return (
    <Modal
      open
      size="lg"
      title={t('contact.title')}
      onClose={onClose}
      busy={sending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            {sent ? t('common.close') : t('common.cancel')}
          </Button>
          {sent ? null : (
            <Button
              type="submit"
              form={formId}
              loading={sending}
              disabled={!subjectOk || !messageOk}
              icon={<Send aria-hidden="true" className="size-4" />}
            >
              {sending ? t('contact.sending') : t('contact.send')}
            </Button>
          )}
        </>
      }
    >
      <form
        ref={formRef}
        id={formId}
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
      >
        <p className="text-sm text-ink-muted">{t('contact.intro')}</p>
        <TextField
          label={t('contact.subject')}
          placeholder={t('contact.subjectPlaceholder')}
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          maxLength={CONTACT_SUBJECT_MAX}
          required
          readOnly={sending || sent}
          autoComplete="off"
          error={apiError?.fields.subject}
          hint={<CharCounter {...subjectCount} />}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={messageId} className="text-sm font-medium text-ink">
            {t('contact.message')}
          </label>
          <textarea
            id={messageId}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            maxLength={CONTACT_MESSAGE_MAX}
            required
            readOnly={sending || sent}
            rows={8}
            placeholder={t('contact.messagePlaceholder')}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={`${messageId}-count${messageError ? ` ${messageId}-error` : ''}`}
            className={
              'min-h-40 w-full resize-y rounded-control border bg-surface px-3 py-2 text-base text-ink ' +
              'placeholder:text-ink-muted focus-visible:outline-offset-0 ' +
              (messageError ? 'border-danger' : 'border-line')
            }
          />
          <div id={`${messageId}-count`}>
            <CharCounter {...messageCount} />
          </div>
          {messageError ? (
            <p id={`${messageId}-error`} className="text-sm text-danger">
              {messageError}
            </p>
          ) : null}
        </div>
        {errorText ? <Alert tone="error">{errorText}</Alert> : null}
        {sent ? <Alert tone="success">{t('contact.sent')}</Alert> : null}
      </form>
    </Modal>
  );
}
