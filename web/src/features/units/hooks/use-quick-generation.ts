// Quick generation in the unit form (docs/product.md#unit-form, #quick-generation): create mode only, on the
// plans that have it (the others see the way up). The drawn values go to the form through `apply`.
import { useState } from 'react';
import type { QuickTemplate } from '@questkeeper/core/units/quick-generation';
import { limitsOf, type Tier } from '@questkeeper/core/tiers';
import { errorMessage } from '@/lib/api-client';
import type { Campaign } from '@/lib/campaigns';
import { generateCharacteristics } from '@/lib/units';
import type { QuickGeneration } from '../components/unit-form-characteristics';

export function useQuickGeneration({
  campaign,
  tier,
  creating,
  saving,
  apply,
  onUpgrade,
}: {
  campaign: Campaign;
  tier: Tier;
  /** Create mode: an edit keeps its characteristics. */
  creating: boolean;
  /** The form is saving: no draw meanwhile. */
  saving: boolean;
  apply: (characteristics: Record<string, number>) => void;
  onUpgrade: () => void;
}): QuickGeneration {
  const [running, setRunning] = useState<QuickTemplate | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<QuickTemplate | null>(null);

  async function generate(template: QuickTemplate) {
    setRunning(template);
    setError(null);
    setDone(null);
    try {
      apply(await generateCharacteristics(campaign._id, template));
      setDone(template);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setRunning(null);
    }
  }

  if (!creating) return { kind: 'none' };
  if (!limitsOf(tier).canQuickGenerate) return { kind: 'locked', onUpgrade };
  return {
    kind: 'open',
    running,
    disabled: saving,
    error,
    done,
    onGenerate: (template) => void generate(template),
  };
}
