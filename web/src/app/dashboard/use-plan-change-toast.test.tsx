// "You are now on Hero — 5 campaigns, 200 units…": said once when the plan goes up,
// from the tier table; nothing when it stays or goes down.
import { useEffect, useState } from 'react';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Tier } from '@questkeeper/core/tiers';
import { renderWithProviders } from '@/test/render';
import { usePlanChangeToast } from './use-plan-change-toast';

let setTier: (tier: Tier) => void = () => undefined;
function Dashboard({ initial }: { initial: Tier }) {
  const [tier, set] = useState(initial);
  useEffect(() => {
    setTier = set;
  }, []);
  usePlanChangeToast(tier);
  return null;
}

const region = () => screen.getByRole('region', { name: 'Recent notifications' });

describe('usePlanChangeToast', () => {
  it('says what the new plan brings when it goes up, and nothing otherwise', () => {
    renderWithProviders(<Dashboard initial="Novice" />);
    expect(region().textContent).toBe('');
    act(() => setTier('Hero'));
    expect(region().textContent).toContain(
      'You are now on Hero — 5 campaigns, 200 units per campaign, rules up to 600,000 characters.',
    );
    act(() => setTier('Adventurer'));
    expect(region().textContent).not.toContain('You are now on Adventurer');
  });
});
