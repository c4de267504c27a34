// Why an import was refused (docs/decisions/024): the limits of the user's plan the file exceeds, each on its
// own line as the server named it (`fields`), with the way up; a file the server could not read with
// its reasons; a file over the body limit; else the server's message.
import { useTranslation } from 'react-i18next';
import type { Tier } from '@questkeeper/core/tiers';
import { Alert } from '@/components/ui/alert';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { FileProblem } from '../api/campaign-file';
import { SeePlansButton } from './campaign-limit-notice';

/** A long list (hundreds of unit notes) shows its first lines and how many more there are. */
const MAX_LINES = 12;

function Lines({ lines }: { lines: string[] }) {
  const { t } = useTranslation();
  const shown = lines.slice(0, MAX_LINES);
  return (
    <ul className="mt-1 list-disc pl-5">
      {shown.map((line, index) => (
        <li key={index}>{line}</li>
      ))}
      {lines.length > shown.length ? (
        <li>{t('campaigns.import.more', { count: lines.length - shown.length })}</li>
      ) : null}
    </ul>
  );
}

export function ImportRefusal({
  error,
  fileName,
  tier,
}: {
  /** An ApiError of the import, or a problem found while reading the file. */
  error: unknown;
  fileName: string;
  tier: Tier;
}) {
  const { t } = useTranslation();
  if (typeof error === 'object' && error !== null && 'problem' in error) {
    const { problem } = error as { problem: FileProblem };
    return <Alert tone="error">{t(`campaigns.import.problems.${problem}`, { file: fileName })}</Alert>;
  }
  if (!(error instanceof ApiError)) return <Alert tone="error">{errorMessage(error)}</Alert>;
  if (error.status === 413) {
    return <Alert tone="error">{t('campaigns.import.problems.tooLarge', { file: fileName })}</Alert>;
  }
  const lines = Object.values(error.fields);
  if (error.code === 'IMPORT_OVER_LIMITS' && lines.length > 0) {
    return (
      <Alert tone="error">
        <p>{t('campaigns.import.overLimits', { tier })}</p>
        <Lines lines={lines} />
        {tier === 'Hero' ? null : <SeePlansButton className="mt-2" />}
      </Alert>
    );
  }
  return (
    <Alert tone="error">
      <p>{t('campaigns.import.refused', { file: fileName, reason: error.message })}</p>
      {lines.length > 0 ? (
        <Lines lines={Object.entries(error.fields).map(([field, text]) => `${field}: ${text}`)} />
      ) : null}
    </Alert>
  );
}
