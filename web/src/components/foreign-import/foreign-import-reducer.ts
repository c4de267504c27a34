// The "Import from another tool" dialog's state (decision 057: reducer + hook + view): the file
// picked, its preview (read by the server, nothing written), what is ticked and the name filter, the
// upload under way with its progress, and a refusal. Pure: the calls live in ./use-foreign-import.ts.
import type { ImportPreview } from '@/lib/foreign-import';

export type ForeignImportPhase = 'pick' | 'previewing' | 'preview' | 'importing';

export interface ForeignImportState {
  phase: ForeignImportPhase;
  file: File | null;
  preview: ImportPreview | null;
  /** The keys ticked (units and encounters). */
  chosen: ReadonlySet<string>;
  filter: string;
  /** The share of the file sent (0..1) while it uploads; null before the first progress event. */
  progress: number | null;
  /** A refusal of the server (ApiError) or `{ problem: 'tooLarge' }` when the file is not sent. */
  error: unknown;
  /** Whether the error came while reading (preview) or importing. */
  errorWhile: 'preview' | 'import' | null;
}

export type ForeignImportAction =
  | { type: 'picked'; file: File }
  | { type: 'tooLarge'; file: File }
  | { type: 'progress'; fraction: number }
  | { type: 'previewed'; preview: ImportPreview }
  | { type: 'previewFailed'; error: unknown }
  | { type: 'toggle'; key: string }
  /** Ticks (`on`) or unticks every key given (the ones the filter shows). */
  | { type: 'setMany'; keys: readonly string[]; on: boolean }
  | { type: 'filter'; filter: string }
  | { type: 'importing' }
  | { type: 'importFailed'; error: unknown };

export const initialForeignImportState: ForeignImportState = {
  phase: 'pick',
  file: null,
  preview: null,
  chosen: new Set(),
  filter: '',
  progress: null,
  error: null,
  errorWhile: null,
};

export function foreignImportReducer(
  state: ForeignImportState,
  action: ForeignImportAction,
): ForeignImportState {
  switch (action.type) {
    case 'picked':
      return {
        ...initialForeignImportState,
        phase: 'previewing',
        file: action.file,
      };
    case 'tooLarge':
      return {
        ...initialForeignImportState,
        file: action.file,
        error: { problem: 'tooLarge' },
        errorWhile: 'preview',
      };
    case 'progress':
      return { ...state, progress: action.fraction };
    case 'previewed':
      // Everything ticked: the user came to bring the file; a choice over a limit says so.
      return {
        ...state,
        phase: 'preview',
        preview: action.preview,
        chosen: new Set(action.preview.sample.map((item) => item.key)),
        progress: null,
      };
    case 'previewFailed':
      return {
        ...state,
        phase: 'pick',
        preview: null,
        progress: null,
        error: action.error,
        errorWhile: 'preview',
      };
    case 'toggle': {
      const chosen = new Set(state.chosen);
      if (chosen.has(action.key)) chosen.delete(action.key);
      else chosen.add(action.key);
      return { ...state, chosen, error: null, errorWhile: null };
    }
    case 'setMany': {
      const chosen = new Set(state.chosen);
      for (const key of action.keys) {
        if (action.on) chosen.add(key);
        else chosen.delete(key);
      }
      return { ...state, chosen, error: null, errorWhile: null };
    }
    case 'filter':
      return { ...state, filter: action.filter };
    case 'importing':
      return { ...state, phase: 'importing', progress: null, error: null, errorWhile: null };
    case 'importFailed':
      return { ...state, phase: 'preview', progress: null, error: action.error, errorWhile: 'import' };
  }
}
