import { RotateCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';

/** The failure of GET /api/site, said once, with a way to ask again. */
export function SiteInfoError({
  error,
  retrying,
  retryLabel,
  onRetry,
}: {
  error: unknown;
  retrying: boolean;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <Alert tone="error">
      <p>{errorMessage(error)}</p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-2"
        loading={retrying}
        onClick={onRetry}
        icon={<RotateCw aria-hidden="true" className="size-4" />}
      >
        {retryLabel}
      </Button>
    </Alert>
  );
}
