// The campaign form of docs/product.md#modals: a name and three choice cards, default values, a
// copy of an existing campaign (docs/product.md#campaigns, #validation, #messages), a campaign file
// exported before, or a file of another tool (docs/product.md#import-from-other-tools: its own dialog,
// opened by Continue). It only renders: the state and the server calls are ./hooks/use-campaign-form.ts (a
// reducer and a hook, decision 057).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Copy, FileUp, Plus, Sparkles, Swords } from 'lucide-react';
import { NAME_MAX } from '@questkeeper/core/limits';
import { ForeignImportDialog } from '@/components/foreign-import/foreign-import-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormFooter } from '@/components/ui/form-footer';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { campaignKeys, type Campaign } from '@/lib/campaigns';
import { useUserId } from '@/lib/query-client';
import { CampaignLimitNotice } from './components/campaign-limit-notice';
import { DemoTableButton } from './components/demo-table-button';
import { ChoiceCard } from './components/choice-card';
import { ImportFileField } from '@/components/import-file-field';
import { ImportRefusal } from './components/import-refusal';
import { useCampaignForm } from './hooks/use-campaign-form';

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
  /**
   * docs/product.md#campaigns: when creation fails during a copy, the copy is skipped and the modal closes.
   */
  onFailed: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const {
    formId,
    state,
    tier,
    campaigns,
    limit,
    atLimit,
    valid,
    nameProblem: typedNameProblem,
    refusalRef,
    upgrade,
    confirmDialog,
    setName,
    setMode,
    setSource,
    pick,
    submit,
  } = useCampaignForm({ defaultSourceId, onCreated, onFailed });
  const { name, mode, source, busy, error, reading, fileName, submitted, picked } = state;
  const [foreignOpen, setForeignOpen] = useState(false);
  const queryClient = useQueryClient();
  const userId = useUserId();

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

  if (foreignOpen) {
    return (
      <ForeignImportDialog
        target={{ kind: 'campaign' }}
        tier={tier}
        onClose={onClose}
        onImported={(result) => {
          // The list and the campaign counter are asked again (as the file import does).
          void queryClient.invalidateQueries({ queryKey: campaignKeys.list(userId) });
          if (result.kind === 'campaign') onCreated(result.campaign);
        }}
      />
    );
  }

  // An empty name only keeps the button disabled; any other mistake is worded as the server would.
  const nameProblem = name.trim() === '' ? null : typedNameProblem;
  const serverNameError = error instanceof ApiError ? error.fields.name : undefined;
  const nameError = serverNameError ?? (nameProblem ? t(nameProblem.key, nameProblem.params) : undefined);
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
                  : mode === 'foreign'
                    ? 'foreignImport.dialog.continue'
                    : 'campaigns.form.create',
            )}
            submitIcon={
              mode === 'copy' ? (
                <Copy aria-hidden="true" className="size-4" />
              ) : mode === 'import' ? (
                <FileUp aria-hidden="true" className="size-4" />
              ) : mode === 'foreign' ? (
                <ArrowRight aria-hidden="true" className="size-4" />
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
        <form
          id={formId}
          onSubmit={(event) => {
            if (mode !== 'foreign') return void submit(event);
            event.preventDefault();
            setForeignOpen(true);
          }}
          noValidate
          className="flex flex-col gap-5"
        >
          {mode === 'foreign' ? null : (
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
          )}
          <fieldset disabled={busy} className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t('campaigns.form.start')}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <ChoiceCard
                name={`${formId}-mode`}
                value="default"
                checked={mode === 'default'}
                onSelect={() => setMode('default')}
                icon={Sparkles}
                title={t('campaigns.form.defaultTitle')}
                description={t('campaigns.form.defaultText')}
              />
              <ChoiceCard
                name={`${formId}-mode`}
                value="copy"
                checked={mode === 'copy'}
                onSelect={() => setMode('copy')}
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
                onSelect={() => setMode('import')}
                icon={FileUp}
                title={t('campaigns.import.title')}
                description={t('campaigns.import.text')}
              />
              <ChoiceCard
                name={`${formId}-mode`}
                value="foreign"
                checked={mode === 'foreign'}
                onSelect={() => setMode('foreign')}
                icon={Swords}
                title={t('foreignImport.dialog.choiceTitle')}
                description={t('foreignImport.dialog.choiceText')}
              />
            </div>
          </fieldset>
          {mode === 'copy' ? (
            <SelectField
              label={t('campaigns.form.source')}
              value={source}
              onChange={setSource}
              placeholder={t('campaigns.form.sourcePlaceholder')}
              options={campaigns.map((campaign) => ({ value: campaign._id, label: campaign.name }))}
              required
              disabled={busy}
            />
          ) : null}
          {mode === 'import' ? (
            <ImportFileField
              fileName={fileName || null}
              reading={reading}
              disabled={busy}
              onPick={(file) => void pick(file)}
              label={t('campaigns.import.file')}
              hint={t('campaigns.import.hint')}
              // A campaign archive too (decision 077).
              accept=".json,.zip,application/json,application/zip"
            />
          ) : null}
          {mode === 'import' ? (
            // What a backup holds besides the campaign, read in the ZIP's table of contents. The live
            // region is there before its words, so that they are announced when they come.
            <p
              role="status"
              className={picked?.archive && !reading ? '-mt-2 text-sm text-ink-muted' : 'sr-only'}
            >
              {picked?.archive && !reading
                ? t('campaigns.import.archiveImages', { count: picked.images ?? 0 })
                : null}
            </p>
          ) : null}
          {mode === 'foreign' ? (
            <p className="text-sm text-ink-muted">{t('foreignImport.dialog.intro')}</p>
          ) : null}
          {error && mode === 'import' ? (
            <div ref={refusalRef}>
              <ImportRefusal error={error} fileName={fileName} tier={tier} />
            </div>
          ) : error && !serverNameError ? (
            isCampaignLimitError(error) ? (
              <CampaignLimitNotice tier={tier} limit={limit} tone="error" message={errorMessage(error)} />
            ) : (
              <Alert tone="error">{errorMessage(error)}</Alert>
            )
          ) : null}
        </form>
        {/* The demo table, a campaign ready to play (docs/product.md#first-session). */}
        <div className="mt-5 flex flex-col items-start gap-2 border-t border-line pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-ink-muted">{t('campaigns.demo.hint')}</p>
          {busy ? null : <DemoTableButton onCreated={onCreated} onFailed={onFailed} className="shrink-0" />}
        </div>
      </Modal>
      {confirmDialog}
    </>
  );
}
