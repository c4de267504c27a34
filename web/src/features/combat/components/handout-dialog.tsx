// A handout written on the spot (issue 34, docs/decisions/064): a title, markdown text and/or one image,
// previewed as players will get it (secret blocks stripped by core's one reading, the image as chosen)
// and revealed through the share link. The image is uploaded on "Reveal" only, so a dialog closed
// without revealing leaves nothing behind; once uploaded, a retry (a refusal over the limit) reuses it.
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, ImagePlus, Trash2 } from 'lucide-react';
import { IMAGE_MAX_BYTES, REVEAL_TEXT_MAX, REVEAL_TITLE_MAX } from '@questkeeper/core/limits';
import { stripSecrets } from '@questkeeper/core/text/secret-blocks';
import { MarkdownPreview } from '@/components/markdown-editor/markdown-preview';
import { toast } from '@/components/toast/toast-store';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
// PENDING(B, #34): handout images wait for POST /api/game-data/{id}/images and its web call
// (uploadHandoutImage in web/src/lib/images.ts). Until then no image field is shown; once there,
// replace this with `import { uploadHandoutImage } from '@/lib/images';`.
const uploadHandoutImage: ((campaignId: string, file: File) => Promise<{ _id: string }>) | null = null;
import { useReveal } from '@/lib/reveals';

/** A local URL of the chosen file, revoked when it changes or the dialog closes. */
function useObjectUrl(file: File | null) {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

export function HandoutDialog({
  campaignId,
  open,
  onClose,
}: {
  campaignId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const textId = useId();
  const imageId = useId();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  /** The chosen file once uploaded: a retry does not send it twice. */
  const [uploaded, setUploaded] = useState<{ file: File; id: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reveal = useReveal(campaignId);
  const imageUrl = useObjectUrl(file);
  const shown = stripSecrets(text);

  function reset() {
    setTitle('');
    setText('');
    setFile(null);
    setUploaded(null);
    setProblem(null);
  }

  function close() {
    if (busy) return;
    reset();
    onClose();
  }

  function choose(next: File | null) {
    setProblem(next && next.size > IMAGE_MAX_BYTES ? t('reveals.handout.imageTooLarge') : null);
    setFile(next && next.size <= IMAGE_MAX_BYTES ? next : null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) return setProblem(t('reveals.handout.needTitle'));
    if (!/\S/.test(text) && !file) return setProblem(t('reveals.handout.needContent'));
    setProblem(null);
    setBusy(true);
    try {
      let image: string | undefined;
      if (file) {
        if (!uploadHandoutImage) throw new Error('Handout images are not available yet.');
        image = uploaded?.file === file ? uploaded.id : (await uploadHandoutImage(campaignId, file))._id;
        setUploaded({ file, id: image });
      }
      await reveal.mutateAsync({
        kind: 'handout',
        title: title.trim(),
        ...(/\S/.test(text) ? { text } : {}),
        ...(image ? { imageId: image } : {}),
      });
      toast.success(t('reveals.revealed'));
      reset();
      onClose();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('reveals.handout.title')}
      onClose={close}
      busy={busy}
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            loading={busy}
            icon={<Eye aria-hidden="true" className="size-4" />}
          >
            {t('reveals.handout.submit')}
          </Button>
        </>
      }
    >
      <div className="grid gap-5 md:grid-cols-2">
        <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          {problem ? <Alert tone="error">{problem}</Alert> : null}
          <TextField
            label={t('reveals.handout.titleLabel')}
            value={title}
            maxLength={REVEAL_TITLE_MAX}
            required
            data-autofocus
            onChange={(event) => setTitle(event.target.value)}
          />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={textId} className="text-sm font-medium text-ink">
              {t('reveals.handout.textLabel')}
            </label>
            <textarea
              id={textId}
              value={text}
              maxLength={REVEAL_TEXT_MAX}
              rows={8}
              onChange={(event) => setText(event.target.value)}
              className="min-h-40 w-full rounded-control border border-line bg-surface px-3 py-2 font-mono text-sm text-ink"
            />
          </div>
          <div className="flex flex-col gap-1.5" hidden={!uploadHandoutImage}>
            <label htmlFor={imageId} className="flex items-center gap-2 text-sm font-medium text-ink">
              <ImagePlus aria-hidden="true" className="size-4" />
              {t('reveals.handout.imageLabel')}
            </label>
            {file ? (
              <div className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate text-sm">{file.name}</span>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={busy}
                  onClick={() => choose(null)}
                  icon={<Trash2 aria-hidden="true" className="size-4" />}
                >
                  {t('reveals.handout.removeImage')}
                </Button>
              </div>
            ) : (
              <input
                id={imageId}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                aria-describedby={`${imageId}-hint`}
                onChange={(event) => choose(event.target.files?.[0] ?? null)}
                className="text-sm text-ink file:mr-3 file:h-9 file:rounded-control file:border file:border-line file:bg-surface file:px-3 file:text-ink"
              />
            )}
            <p id={`${imageId}-hint`} className="text-sm text-ink-muted">
              {t('reveals.handout.imageHint')}
            </p>
          </div>
        </form>
        <section aria-label={t('reveals.handout.preview')} className="flex min-w-0 flex-col gap-2">
          <h3 className="text-sm font-semibold text-ink-muted">{t('reveals.handout.preview')}</h3>
          <article className="flex min-w-0 flex-col gap-2 rounded-card border border-line bg-surface-muted p-3">
            <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
              {t('reveals.kinds.handout')}
            </p>
            <p className="text-lg font-semibold break-words">{title.trim() || '…'}</p>
            {imageUrl ? (
              <img
                src={imageUrl}
                alt={t('reveals.player.imageOf', { title: title.trim() })}
                className="max-h-64 w-full rounded-control border border-line object-contain"
              />
            ) : null}
            {/\S/.test(shown) ? <MarkdownPreview source={shown} /> : null}
          </article>
        </section>
      </div>
    </Modal>
  );
}
