// A handout written on the spot (issue 34, docs/decisions/064): a title, markdown text and/or one image,
// previewed as players will get it (secret blocks stripped by core's one reading, the image as the server
// stored it) and revealed through the share link. A chosen image is uploaded at once
// (POST /api/game-data/{id}/images: checked here first with the server's words, re-encoded there), so
// Reveal only sends its id. An image the dialog uploaded and did not reveal (closed, another file chosen,
// removed, even while its upload was still on its way) is discarded (DELETE), since the plan counts the
// campaign's images (IMAGES_PER_CAMPAIGN).
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, ImagePlus, Trash2 } from 'lucide-react';
import { IMAGE_MAX_BYTES, REVEAL_TEXT_MAX, REVEAL_TITLE_MAX } from '@questkeeper/core/limits';
import { stripSecrets } from '@questkeeper/core/text/secret-blocks';
import { MarkdownPreview } from '@/components/markdown-editor/markdown-preview';
import { toast } from '@/components/toast/toast-store';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import {
  campaignImageUrl,
  discardHandoutImage,
  IMAGE_ACCEPT,
  uploadHandoutImage,
  useGmImage,
} from '@/lib/images';
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
  /** The chosen file's image as the server stored it. */
  const [uploaded, setUploaded] = useState<{ file: File; id: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reveal = useReveal(campaignId);
  const localUrl = useObjectUrl(file);
  const stored = useGmImage(uploaded ? campaignImageUrl(campaignId, uploaded.id) : null, null, {
    campaignId,
  });
  const imageUrl = stored.src ?? localUrl;
  const shown = stripSecrets(text);

  /** One more at each reset and each file chosen: an upload answered after it is not this dialog's. */
  const generation = useRef(0);

  function discard(image: { id: string } | null) {
    if (image) void discardHandoutImage(campaignId, image.id).catch(() => undefined);
  }

  function reset() {
    generation.current += 1;
    setTitle('');
    setText('');
    setFile(null);
    setUploaded(null);
    setUploading(false);
    setProblem(null);
  }

  function close() {
    if (busy) return;
    discard(uploaded);
    reset();
    onClose();
  }

  /** Sends the chosen file at once; a refusal (its words are the server's) leaves no image chosen. */
  async function choose(next: File | null) {
    const mine = (generation.current += 1);
    setProblem(null);
    discard(uploaded);
    setUploaded(null);
    setFile(next);
    if (!next) return;
    setUploading(true);
    try {
      const image = await uploadHandoutImage(campaignId, next);
      // Closed or another file chosen meanwhile: nothing will reveal this one.
      if (generation.current !== mine) return discard({ id: image._id });
      setUploaded({ file: next, id: image._id });
    } catch (error) {
      if (generation.current !== mine) return;
      setFile(null);
      setProblem(errorMessage(error));
    } finally {
      if (generation.current === mine) setUploading(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (uploading) return;
    if (!title.trim()) return setProblem(t('reveals.handout.needTitle'));
    const image = uploaded && uploaded.file === file ? uploaded.id : undefined;
    if (!/\S/.test(text) && !image) return setProblem(t('reveals.handout.needContent'));
    setProblem(null);
    setBusy(true);
    try {
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
            disabled={uploading}
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
          <div className="flex flex-col gap-1.5">
            <label htmlFor={imageId} className="flex items-center gap-2 text-sm font-medium text-ink">
              <ImagePlus aria-hidden="true" className="size-4" />
              {t('reveals.handout.imageLabel')}
            </label>
            {file ? (
              <div className="flex items-center gap-2">
                {uploading ? <Spinner className="size-4 shrink-0" /> : null}
                <span className="min-w-0 flex-1 truncate text-sm">
                  {uploading ? t('reveals.handout.uploading') : file.name}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={busy || uploading}
                  onClick={() => void choose(null)}
                  icon={<Trash2 aria-hidden="true" className="size-4" />}
                >
                  {t('reveals.handout.removeImage')}
                </Button>
              </div>
            ) : (
              <input
                id={imageId}
                type="file"
                accept={IMAGE_ACCEPT}
                aria-describedby={`${imageId}-hint`}
                disabled={busy}
                onChange={(event) => void choose(event.target.files?.[0] ?? null)}
                className="text-sm text-ink file:mr-3 file:h-9 file:rounded-control file:border file:border-line file:bg-surface file:px-3 file:text-ink"
              />
            )}
            <p id={`${imageId}-hint`} className="text-sm text-ink-muted">
              {t('reveals.handout.imageHint', { max: Math.floor(IMAGE_MAX_BYTES / (1024 * 1024)) })}
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
