// The campaign form's state as a reducer (decision 057): the name, how the campaign starts (default
// values, a copy of another campaign, a campaign file), the file chosen and read, and the save under
// way or refused. Pure: reading the file and the server calls live in ./use-campaign-form.ts.
import { checkName } from '@questkeeper/core/checks';
import { NAME_MAX } from '@questkeeper/core/limits';
import type { FileProblem } from '../api/campaign-file';

/** `foreign`: a file of another tool, read and chosen from in its own dialog (decision 065). */
export type CampaignFormMode = 'default' | 'copy' | 'import' | 'foreign';

/** A chosen file, read and checked (../api/campaign-file.ts). */
export interface PickedFile {
  data: Record<string, unknown>;
  /** The campaign's name in the file, which the name field starts from. */
  name: string;
  /** A campaign archive (decision 077), sent as it is. */
  archive?: Blob;
  /** The archive's pictures, said below the file. */
  images?: number;
}

export interface CampaignFormState {
  name: string;
  mode: CampaignFormMode;
  /** The campaign a copy starts from ('' when none is chosen). */
  source: string;
  busy: boolean;
  /** A refusal of the server, or `{ problem }` when a chosen file could not be used. */
  error: unknown;
  picked: PickedFile | null;
  reading: boolean;
  /** The last file chosen, to name it in a message (picked or not). */
  fileName: string;
  /** Once submitted, the new campaign may fill the last place: the form stays until it closes. */
  submitted: boolean;
}

export type CampaignFormAction =
  | { type: 'name'; name: string }
  | { type: 'mode'; mode: CampaignFormMode }
  | { type: 'source'; source: string }
  | { type: 'pickStarted'; fileName: string }
  | { type: 'pickFailed'; problem: FileProblem }
  /** The file was read; `suggested` is its campaign name as the server would number it. */
  | { type: 'picked'; data: Record<string, unknown>; suggested: string; archive?: Blob; images?: number }
  | { type: 'submitted' }
  | { type: 'sending' }
  | { type: 'failed'; error: unknown };

export function initialCampaignFormState(source: string): CampaignFormState {
  return {
    name: '',
    mode: 'default',
    source,
    busy: false,
    error: null,
    picked: null,
    reading: false,
    fileName: '',
    submitted: false,
  };
}

export function campaignFormReducer(state: CampaignFormState, action: CampaignFormAction): CampaignFormState {
  switch (action.type) {
    case 'name':
      return { ...state, name: action.name };
    case 'mode':
      return { ...state, mode: action.mode, error: null };
    case 'source':
      return { ...state, source: action.source };
    case 'pickStarted':
      // The file picked before stays known until this one is read: the name field follows the new
      // file only when it still holds the old file's name (or nothing).
      return { ...state, error: null, fileName: action.fileName, reading: true };
    case 'pickFailed':
      return { ...state, reading: false, picked: null, error: { problem: action.problem } };
    case 'picked': {
      const trimmed = state.name.trim();
      const followsFile = trimmed === '' || trimmed === state.picked?.name.trim();
      return {
        ...state,
        reading: false,
        picked: {
          data: action.data,
          name: action.suggested,
          ...(action.archive ? { archive: action.archive, images: action.images ?? 0 } : {}),
        },
        name: followsFile ? action.suggested : state.name,
      };
    }
    case 'submitted':
      return { ...state, error: null, submitted: true };
    case 'sending':
      return { ...state, busy: true };
    case 'failed':
      return { ...state, busy: false, error: action.error };
  }
}

/**
 * What the form would create from: the trimmed name and its problem (core's checkName, the server's
 * words), the copy's source, and whether it may be sent.
 */
export function campaignFormSubmission<C extends { _id: string }>(
  state: CampaignFormState,
  campaigns: readonly C[],
) {
  const trimmed = state.name.trim();
  const nameProblem = checkName(state.name, NAME_MAX);
  const sourceCampaign = campaigns.find((campaign) => campaign._id === state.source);
  // A file of another tool names its campaign itself: the name field is not asked for.
  const valid =
    state.mode === 'foreign' ||
    (nameProblem === null &&
      (state.mode === 'default' ||
        (state.mode === 'copy' ? sourceCampaign !== undefined : state.picked !== null && !state.reading)));
  return { trimmed, nameProblem, sourceCampaign, valid };
}
