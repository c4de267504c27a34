// "Paste a stat block" in the unit form (docs/product.md#paste-a-stat-block): the dialog's text and
// language, the server's reading (POST /api/units/parse-statblock writes nothing), the form filled with
// it, and the list of what could not be read, shown in the form until the GM hides it or closes it.
import { useState } from 'react';
import type { Language } from '@/lib/i18n';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { Campaign } from '@/lib/campaigns';
import { parseStatBlock } from '@/lib/units';
import { applyStatBlock, type StatBlockUnreadItem } from '../lib/statblock-fill';
import type { FieldName, UnitFormValues } from '../lib/unit-form';

export interface StatBlockPaste {
  open: boolean;
  text: string;
  /** '' detects the language from the text. */
  language: '' | Language;
  busy: boolean;
  /** The form is saving: no paste meanwhile. */
  disabled: boolean;
  /** A refusal: the field's message (blank, too long) or the request's. */
  error: string | null;
  /** After a fill: what could not be read ([] when everything was). */
  report: StatBlockUnreadItem[] | null;
  /** Counts the fills, so the report takes the focus after each one. */
  fills: number;
  openDialog: () => void;
  closeDialog: () => void;
  setText: (text: string) => void;
  setLanguage: (language: '' | Language) => void;
  fill: () => Promise<void>;
  hideReport: () => void;
}

export function useStatBlockPaste({
  campaign,
  values,
  saving,
  change,
  emptyMessage,
}: {
  campaign: Campaign;
  values: UnitFormValues;
  saving: boolean;
  change: (patch: Partial<UnitFormValues>, field: FieldName) => void;
  /** Said when Fill is pressed with nothing pasted. */
  emptyMessage: string;
}): StatBlockPaste {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [language, setLanguage] = useState<'' | Language>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<StatBlockUnreadItem[] | null>(null);
  const [fills, setFills] = useState(0);

  async function fill() {
    if (text.trim() === '') {
      setError(emptyMessage);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const read = await parseStatBlock(campaign._id, text, language || undefined);
      const filled = applyStatBlock(values, campaign, read.unit);
      change(filled.values, 'name');
      setReport([...read.unread, ...filled.leftOut]);
      setFills((count) => count + 1);
      setOpen(false);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.fields.text ? failure.fields.text : errorMessage(failure),
      );
    } finally {
      setBusy(false);
    }
  }

  return {
    open,
    text,
    language,
    busy,
    disabled: saving,
    error,
    report,
    fills,
    openDialog: () => {
      setError(null);
      setOpen(true);
    },
    closeDialog: () => setOpen(false),
    setText: (next) => {
      setText(next);
      setError(null);
    },
    setLanguage,
    fill,
    hideReport: () => setReport(null),
  };
}
