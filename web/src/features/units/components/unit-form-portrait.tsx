// The unit form's portrait (issue 34, docs/product.md#portraits): the unit's portrait or its initials,
// with Upload portrait, or Replace and Remove (after a confirmation). A chosen file is sent at once
// (PUT /api/units/{id}/portrait): a portrait is its own resource, so the unit's version does not move
// and the form stays savable. The units list takes the new portrait at once, so cards, fight rows and
// the order show it; players' pages follow live. A unit not created yet has no portrait: the hint says
// it comes once the unit exists.
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUp, Trash2 } from 'lucide-react';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { IMAGE_MAX_BYTES } from '@questkeeper/core/limits';
import { toast } from '@/components/toast/toast-store';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { useConfirm } from '@/components/ui/confirm-dialog';
import { UnitAvatar } from '@/components/unit-avatar';
import { errorMessage } from '@/lib/api-client';
import {
  IMAGE_ACCEPT,
  type Portrait,
  portraitChanged,
  portraitOf,
  removePortrait,
  uploadPortrait,
} from '@/lib/images';
import { useUserId } from '@/lib/query-client';
import { unitKeys, type Unit } from '@/lib/units';
import { FormSection } from './unit-form-controls';

export function UnitFormPortrait({
  campaignId,
  unit: openedWith,
  name,
  confirm,
}: {
  campaignId: string;
  /** The unit as the form opened it; null in create mode. */
  unit: Unit | null;
  /** The name in the form (the initials and the image's text follow it). */
  name: string;
  /** The form's confirmation (its dialog is rendered beside the form's, not inside it). */
  confirm: ReturnType<typeof useConfirm>;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const userId = useUserId();
  // The campaign's units as the cache holds them, without reading them (the views that open the form do).
  const units = useQuery<Unit[]>({ queryKey: unitKeys.list(userId, campaignId), queryFn: skipToken });
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** What this control last did, for a form opened where no units list is cached. */
  const [mine, setMine] = useState<{ portrait: Portrait | null } | null>(null);
  // The unit as the list holds it now: a portrait changed here (or in another tab) shows at once.
  const cached = openedWith ? units.data?.find((item) => item._id === openedWith._id) : undefined;
  const unit = cached ?? openedWith;
  const portrait = cached ? portraitOf(cached) : mine ? mine.portrait : unit ? portraitOf(unit) : null;
  const shownName = name.trim() || unit?.name || '';
  const max = Math.floor(IMAGE_MAX_BYTES / (1024 * 1024));

  async function upload(file: File | undefined) {
    if (!unit || !file || busy) return;
    setProblem(null);
    setBusy('upload');
    try {
      const saved = await uploadPortrait(campaignId, unit._id, file);
      setMine({ portrait: saved });
      await portraitChanged(queryClient, userId, campaignId, unit._id, saved);
      toast.success(t('unitForm.portrait.uploaded'));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (!unit || busy) return;
    const ok = await confirm({
      title: t('unitForm.portrait.removeTitle'),
      message: t('unitForm.portrait.removeMessage', { name: shownName }),
      confirmLabel: t('unitForm.portrait.remove'),
    });
    if (!ok) return;
    setProblem(null);
    setBusy('remove');
    try {
      await removePortrait(campaignId, unit._id);
      setMine({ portrait: null });
      await portraitChanged(queryClient, userId, campaignId, unit._id, null);
      toast.success(t('unitForm.portrait.removed'));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <FormSection title={t('unitForm.portrait.title')}>
      <div className="flex min-w-0 flex-wrap items-center gap-4">
        <UnitAvatar
          campaignId={campaignId}
          unit={unit ? { ...unit, name: shownName, portrait } : { _id: '', name: shownName }}
          size="lg"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          {unit ? (
            <>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  loading={busy === 'upload'}
                  disabled={busy !== null}
                  aria-describedby={hintId}
                  onClick={() => input.current?.click()}
                  icon={<ImageUp aria-hidden="true" className="size-4" />}
                >
                  {t(
                    busy === 'upload'
                      ? 'unitForm.portrait.uploading'
                      : portrait
                        ? 'unitForm.portrait.replace'
                        : 'unitForm.portrait.upload',
                  )}
                </Button>
                {portrait ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={busy === 'remove'}
                    disabled={busy !== null}
                    onClick={() => void remove()}
                    icon={<Trash2 aria-hidden="true" className="size-4" />}
                  >
                    {t('unitForm.portrait.remove')}
                  </Button>
                ) : null}
              </div>
              {/* Reached through the button above (one Tab stop, Enter or Space opens the picker). */}
              <input
                ref={input}
                type="file"
                accept={IMAGE_ACCEPT}
                tabIndex={-1}
                aria-hidden="true"
                className="hidden"
                data-portrait-input
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  void upload(file);
                }}
              />
              <p id={hintId} className="text-sm text-ink-muted">
                {t('unitForm.portrait.hint', { max })}
              </p>
            </>
          ) : (
            <p className="text-sm text-ink-muted">{t('unitForm.portrait.createFirst')}</p>
          )}
          {problem ? <Alert tone="error">{problem}</Alert> : null}
        </div>
      </div>
    </FormSection>
  );
}
