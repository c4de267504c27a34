// The campaign form of spec §2 "Modals in detail": a name and three choice cards, default values, a
// copy of an existing campaign (spec §4, §5, §8) or a campaign file exported before (issue #17).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, FileUp, Plus, Sparkles } from 'lucide-react';
import { NAME_MAX } from '@questkeeper/core/constants';
import { uniqueCampaignName } from '@questkeeper/core/campaigns/names';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { FormFooter } from '@/components/ui/form-footer';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { useUpgrade } from '@/components/upgrade/upgrade-context';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCampaigns, useCopyCampaign, useCreateCampaign, type Campaign } from '@/lib/campaigns';
import { useSession } from '@/lib/session';
import { readCampaignFile, type FileProblem } from './campaign-file-api';
import { CampaignLimitNotice } from './campaign-limit-notice';
import { ChoiceCard } from './choice-card';
import { ImportFileField } from './import-file-field';
import { ImportRefusal } from './import-refusal';
import { useImportCampaign } from './use-import-campaign';
import { useCampaignCounter } from './use-campaign-counter';

type Mode = 'default' | 'copy' | 'import';

/** A chosen file, read and checked (campaign-file-api.ts). */
interface PickedFile {
  data: Record<string, unknown>;
  /** The campaign's name in the file, which the name field starts from. */
  name: string;
}

export function isCampaignLimitError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'CAMPAIGN_LIMIT_REACHED';
}

export function CampaignFormModal({
  defaultSourceId,
  onClose,
  onCreated,
  onFailed,
}: {
  /** The campaign the copy starts from unless the user picks another (the current one). */
  defaultSourceId: string | null;
  onClose: () => void;
  /** The new campaign; `copyError` when its data could not be copied into it. */
  onCreated: (campaign: Campaign, copyError?: unknown) => void;
  /** Spec §4: when creation fails during a copy, the copy is skipped and the modal closes. */
  onFailed: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const tier = useSession()?.user.tier ?? 'Novice';
  const campaigns = useCampaigns().data ?? [];
  const { limit, atLimit } = useCampaignCounter();
  const create = useCreateCampaign();
  const copy = useCopyCampaign();
  const importFile = useImportCampaign();
  const confirm = useConfirm();
  const upgrade = useUpgrade();
  const formId = useId();
  const sourceId = useId();

  const [name, setName] = useState('');
  const [mode, setMode] = useState<Mode>('default');
  const [source, setSource] = useState(() =>
    campaigns.some((c) => c._id === defaultSourceId) ? (defaultSourceId ?? '') : '',
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [reading, setReading] = useState(false);
  /** The last file chosen, to name it in a message (picked or not). */
  const [fileName, setFileName] = useState('');
  const refusal = useRef<HTMLDivElement>(null);
  // A refusal lands below the choices: on a phone, out of sight. Brought into view when it comes.
  useEffect(() => {
    if (error && mode === 'import') refusal.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error, mode]);
  // Once submitted, the new campaign may fill the last place: keep the form until it closes.
  const [submitted, setSubmitted] = useState(false);

  const trimmed = name.trim();
  const sourceCampaign = campaigns.find((c) => c._id === source);
  const valid =
    trimmed !== '' &&
    (mode === 'default' || (mode === 'copy' ? sourceCampaign !== undefined : picked !== null && !reading));

  async function pick(file: File) {
    setError(null);
    setPicked(null);
    setFileName(file.name);
    setReading(true);
    const read = await readCampaignFile(file);
    setReading(false);
    if (!read.ok) {
      setError({ problem: read.problem } satisfies { problem: FileProblem });
      return;
    }
    // Named as in the file (issue #17), numbered as the server will number it when the name is taken
    // (issue #29: "Tomb (2)"), unless the user typed a name of their own.
    const suggested = uniqueCampaignName(
      read.name.slice(0, NAME_MAX),
      campaigns.map((campaign) => campaign.name),
    );
    setPicked({ data: read.data, name: suggested });
    if (trimmed === '' || trimmed === picked?.name.trim()) setName(suggested);
  }

  async function submitImport(file: PickedFile) {
    setBusy(true);
    try {
      onCreated(await importFile.mutateAsync({ data: file.data, name: trimmed }));
    } catch (failure) {
      setBusy(false);
      setError(failure);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || busy) return;
    setError(null);
    setSubmitted(true);
    if (mode === 'import') {
      if (picked) await submitImport(picked);
      return;
    }
    if (mode === 'copy' && sourceCampaign) {
      // Asked before anything is created: a refusal leaves no empty campaign behind.
      const ok = await confirm({
        message: t('campaigns.copyConfirm', { source: sourceCampaign.name, target: trimmed }),
        confirmLabel: t('campaigns.form.copyAndCreate'),
        tone: 'primary',
      });
      if (!ok) return;
    }
    setBusy(true);
    let created: Campaign;
    try {
      created = await create.mutateAsync({ name: trimmed, template: mode === 'copy' ? 'empty' : 'default' });
    } catch (failure) {
      setBusy(false);
      if (mode === 'copy') onFailed(failure);
      else setError(failure);
      return;
    }
    let copyError: unknown;
    if (mode === 'copy' && sourceCampaign) {
      try {
        created = await copy.mutateAsync({ targetId: created._id, sourceCampaignId: sourceCampaign._id });
      } catch (failure) {
        copyError = failure;
      }
    }
    onCreated(created, copyError);
  }

  const title = t('campaigns.form.title');
  if (atLimit && !submitted) {
    return (
      <Modal
        open
        size="md"
        title={title}
        onClose={onClose}
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('common.close')}
            </Button>
            <Button
              aria-haspopup="dialog"
              onClick={() => {
                onClose();
                upgrade();
              }}
            >
              {t('campaigns.seePlans')}
            </Button>
          </>
        }
      >
        <CampaignLimitNotice tier={tier} limit={limit} link={false} />
      </Modal>
    );
  }

  const nameError = error instanceof ApiError ? error.fields.name : undefined;
  return (
    <>
      <Modal
        open
        size="lg"
        title={title}
        onClose={onClose}
        busy={busy}
        footer={
          <FormFooter
            formId={formId}
            submitLabel={t(
              mode === 'copy'
                ? 'campaigns.form.copyAndCreate'
                : mode === 'import'
                  ? 'campaigns.import.submit'
                  : 'campaigns.form.create',
            )}
            submitIcon={
              mode === 'copy' ? (
                <Copy aria-hidden="true" className="size-4" />
              ) : mode === 'import' ? (
                <FileUp aria-hidden="true" className="size-4" />
              ) : (
                <Plus aria-hidden="true" className="size-4" />
              )
            }
            busy={busy}
            submitDisabled={!valid}
            onCancel={onClose}
          />
        }
      >
        <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-5">
          <TextField
            label={t('campaigns.form.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={NAME_MAX}
            required
            data-autofocus
            autoComplete="off"
            placeholder={t('campaigns.form.namePlaceholder')}
            error={nameError}
            disabled={busy}
          />
          <fieldset disabled={busy} className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t('campaigns.form.start')}</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              <ChoiceCard
                name={`${formId}-mode`}
                value="default"
                checked={mode === 'default'}
                onSelect={() => {
                  setMode('default');
                  setError(null);
                }}
                icon={Sparkles}
                title={t('campaigns.form.defaultTitle')}
                description={t('campaigns.form.defaultText')}
              />
              <ChoiceCard
                name={`${formId}-mode`}
                value="copy"
                checked={mode === 'copy'}
                onSelect={() => {
                  setMode('copy');
                  setError(null);
                }}
                icon={Copy}
                title={t('campaigns.form.copyTitle')}
                description={
                  campaigns.length > 0 ? t('campaigns.form.copyText') : t('campaigns.form.nothingToCopy')
                }
                disabled={campaigns.length === 0}
              />
              <ChoiceCard
                name={`${formId}-mode`}
                value="import"
                checked={mode === 'import'}
                onSelect={() => {
                  setMode('import');
                  setError(null);
                }}
                icon={FileUp}
                title={t('campaigns.import.title')}
                description={t('campaigns.import.text')}
              />
            </div>
          </fieldset>
          {mode === 'copy' ? (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={sourceId} className="text-sm font-medium">
                {t('campaigns.form.source')}
              </label>
              <select
                id={sourceId}
                value={source}
                onChange={(event) => setSource(event.target.value)}
                required
                disabled={busy}
                className="h-11 w-full rounded-control border border-line bg-surface px-3 text-base text-ink"
              >
                <option value="">{t('campaigns.form.sourcePlaceholder')}</option>
                {campaigns.map((campaign) => (
                  <option key={campaign._id} value={campaign._id}>
                    {campaign.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {mode === 'import' ? (
            <ImportFileField
              fileName={fileName || null}
              reading={reading}
              disabled={busy}
              onPick={(file) => void pick(file)}
            />
          ) : null}
          {error && mode === 'import' ? (
            <div ref={refusal}>
              <ImportRefusal error={error} fileName={fileName} tier={tier} />
            </div>
          ) : error && !nameError ? (
            isCampaignLimitError(error) ? (
              <CampaignLimitNotice tier={tier} limit={limit} tone="error" message={errorMessage(error)} />
            ) : (
              <Alert tone="error">{errorMessage(error)}</Alert>
            )
          ) : null}
        </form>
      </Modal>
      {confirm.dialog}
    </>
  );
}
