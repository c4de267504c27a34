// The campaign form's behaviour (decision 057): its state (./campaign-form-reducer.ts) wired to the
// file reader and the server calls — create with default values, create empty then copy another
// campaign into it (asked first), or import a campaign file. The modal (../campaign-form-modal.tsx)
// only renders.
import { useEffect, useId, useReducer, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_MAX } from '@questkeeper/core/limits';
import { uniqueCampaignName } from '@questkeeper/core/campaigns/names';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/toast/toast-store';
import { useUpgrade } from '@/components/upgrade/upgrade-context';
import { useCampaigns, useCopyCampaign, useCreateCampaign, type Campaign } from '@/lib/campaigns';
import { useSession } from '@/lib/session';
import { readCampaignFile } from '../api/campaign-file';
import { useImportCampaign } from '../api/use-import-campaign';
import {
  campaignFormReducer,
  campaignFormSubmission,
  initialCampaignFormState,
  type CampaignFormMode,
  type PickedFile,
} from './campaign-form-reducer';
import { useCampaignCounter } from '../api/use-campaign-counter';

export interface UseCampaignFormOptions {
  /** The campaign the copy starts from unless the user picks another (the current one). */
  defaultSourceId: string | null;
  /** The new campaign; `copyError` when its data could not be copied into it. */
  onCreated: (campaign: Campaign, copyError?: unknown) => void;
  /** When creation fails during a copy, the copy is skipped and the modal closes. */
  onFailed: (error: unknown) => void;
}

export function useCampaignForm({ defaultSourceId, onCreated, onFailed }: UseCampaignFormOptions) {
  const { t } = useTranslation();
  const tier = useSession()?.user.tier ?? 'Novice';
  const campaigns = useCampaigns().data ?? [];
  const { limit, atLimit } = useCampaignCounter();
  const create = useCreateCampaign();
  const copy = useCopyCampaign();
  const importFile = useImportCampaign();
  const confirm = useConfirm();
  const toast = useToast();
  const upgrade = useUpgrade();
  const formId = useId();

  const [state, dispatch] = useReducer(campaignFormReducer, undefined, () =>
    initialCampaignFormState(campaigns.some((c) => c._id === defaultSourceId) ? (defaultSourceId ?? '') : ''),
  );
  const { mode, error, picked } = state;
  const { trimmed, nameProblem, sourceCampaign, valid } = campaignFormSubmission(state, campaigns);

  const refusalRef = useRef<HTMLDivElement>(null);
  // A refusal lands below the choices: on a phone, out of sight. Brought into view when it comes.
  useEffect(() => {
    if (error && mode === 'import') refusalRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error, mode]);

  async function pick(file: File) {
    dispatch({ type: 'pickStarted', fileName: file.name });
    const read = await readCampaignFile(file);
    if (!read.ok) {
      dispatch({ type: 'pickFailed', problem: read.problem });
      return;
    }
    // Named as in the file, numbered as the server will number it when the name is taken ("Tomb (2)"),
    // unless the user typed a name of their own.
    const suggested = uniqueCampaignName(
      read.name.slice(0, NAME_MAX),
      campaigns.map((campaign) => campaign.name),
    );
    dispatch({
      type: 'picked',
      data: read.data,
      suggested,
      ...(read.archive ? { archive: read.archive, images: read.images ?? 0 } : {}),
    });
  }

  async function submitImport(file: PickedFile) {
    dispatch({ type: 'sending' });
    try {
      const created = await importFile.mutateAsync({
        data: file.data,
        name: trimmed,
        ...(file.archive ? { archive: file.archive } : {}),
      });
      // What an archive left out (a reveal or a portrait naming what it lacks), said once it is in.
      if (created.warnings && created.warnings.length > 0) {
        toast.info(
          t('campaigns.import.leftOut', {
            count: created.warnings.length,
            list: created.warnings.map((warning) => warning.message).join('; '),
          }),
        );
      }
      onCreated(created);
    } catch (failure) {
      dispatch({ type: 'failed', error: failure });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || state.busy) return;
    dispatch({ type: 'submitted' });
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
    dispatch({ type: 'sending' });
    let created: Campaign;
    try {
      created = await create.mutateAsync({ name: trimmed, template: mode === 'copy' ? 'empty' : 'default' });
    } catch (failure) {
      if (mode === 'copy') {
        dispatch({ type: 'failed', error: null });
        onFailed(failure);
      } else {
        dispatch({ type: 'failed', error: failure });
      }
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

  return {
    formId,
    state,
    tier,
    campaigns,
    limit,
    atLimit,
    valid,
    nameProblem,
    refusalRef,
    upgrade,
    confirmDialog: confirm.dialog,
    setName: (name: string) => dispatch({ type: 'name', name }),
    setMode: (next: CampaignFormMode) => dispatch({ type: 'mode', mode: next }),
    setSource: (source: string) => dispatch({ type: 'source', source }),
    pick,
    submit,
  };
}
