// The "Import from another tool" dialog's behaviour: a picked file is sent for a preview (with its
// upload progress), the choice is measured against the plan's limits (and what the campaign holds
// already, for units), and the import sends the file again with the `only` keys. An upload still
// running when the dialog closes is aborted.
import { useEffect, useMemo, useReducer, useRef } from 'react';
import type { Tier } from '@questkeeper/core/tiers';
import {
  IMPORT_UPLOAD_MAX_BYTES,
  fixedOverLimits,
  importAsCampaign,
  importUnits,
  isWholeFile,
  onlyOf,
  previewImport,
  selectionCounts,
  selectionProblems,
  unitsNeededByEncounters,
  type ImportTarget,
  type UnitsImported,
} from '@/lib/foreign-import';
import type { Campaign } from '@/lib/campaigns';
import { foreignImportReducer, initialForeignImportState } from './foreign-import-reducer';

export type ImportedResult =
  { kind: 'campaign'; campaign: Campaign } | { kind: 'units'; imported: UnitsImported };

export function useForeignImport({
  target,
  tier,
  existing,
  onImported,
}: {
  target: ImportTarget;
  tier: Tier;
  /** What the campaign holds already (units target); nothing for a new campaign. */
  existing?: { units: number; encounters: number };
  onImported: (result: ImportedResult) => void;
}) {
  const [state, dispatch] = useReducer(foreignImportReducer, initialForeignImportState);
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  function startUpload() {
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    return {
      signal: controller.signal,
      onProgress: (fraction: number) => {
        if (upload.current === controller) dispatch({ type: 'progress', fraction });
      },
      current: () => upload.current === controller,
    };
  }

  async function pick(file: File) {
    if (file.size > IMPORT_UPLOAD_MAX_BYTES) {
      upload.current?.abort();
      dispatch({ type: 'tooLarge', file });
      return;
    }
    dispatch({ type: 'picked', file });
    const { current, ...options } = startUpload();
    try {
      const preview = await previewImport(file, target, options);
      if (current()) dispatch({ type: 'previewed', preview });
    } catch (error) {
      if (current() && !isAbort(error)) dispatch({ type: 'previewFailed', error });
    }
  }

  const { preview, chosen } = state;
  const derived = useMemo(() => {
    if (!preview) return null;
    const whole = isWholeFile(preview);
    const counts = whole
      ? { units: preview.counts.units, encounters: preview.counts.encounters }
      : selectionCounts(preview.sample, chosen);
    return {
      whole,
      counts,
      needed: unitsNeededByEncounters(preview.sample, chosen),
      fixed: fixedOverLimits(preview),
      // A whole file's counts are among the server's lines already.
      problems: whole ? [] : selectionProblems(counts, tier, existing),
      only: whole ? undefined : onlyOf(preview.sample, chosen),
    };
  }, [preview, chosen, tier, existing]);

  const nothingChosen =
    derived !== null && !derived.whole && derived.counts.units + derived.counts.encounters === 0;
  const canImport =
    state.phase === 'preview' &&
    derived !== null &&
    derived.fixed.length === 0 &&
    derived.problems.length === 0 &&
    !nothingChosen;

  async function submit() {
    const { file } = state;
    if (!canImport || !file || !derived) return;
    dispatch({ type: 'importing' });
    const { current, ...options } = startUpload();
    try {
      if (target.kind === 'campaign') {
        const campaign = await importAsCampaign(file, derived.only, options);
        if (current()) onImported({ kind: 'campaign', campaign });
      } else {
        const imported = await importUnits(target.campaignId, file, derived.only, options);
        if (current()) onImported({ kind: 'units', imported });
      }
    } catch (error) {
      if (current() && !isAbort(error)) dispatch({ type: 'importFailed', error });
    }
  }

  return { state, dispatch, derived, nothingChosen, canImport, pick, submit };
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
