// The Reinforcements dialog picks the side of the unit chosen: it opens on the first
// unit not yet fighting, on its usual side; an enemy already fighting turns it to Enemies, so copies
// of that enemy join the enemies (the e2e journey is e2e/tests/reinforcements.spec.ts).
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { unit } from '@/test/combat/combat-test-kit';
import { ReinforceDialog } from './reinforce-dialog';

const aria = unit('a1', 'Aria', { isPlayer: true });
const goblin = unit('e1', 'Goblin');
const borin = unit('a2', 'Borin', { isPlayer: true });
const wolf = unit('e2', 'Wolf');

function open(units = [aria, wolf], fighting = [borin, goblin]) {
  const onCopies = vi.fn();
  const onAdd = vi.fn();
  renderWithProviders(
    <ReinforceDialog
      units={units}
      fighting={fighting}
      allyIds={new Set(['a2'])}
      onAdd={onAdd}
      onCopies={onCopies}
      onClose={() => {}}
    />,
  );
  return { onCopies, onAdd };
}

const checked = (name: 'Allies' | 'Enemies') =>
  (screen.getByRole('radio', { name }) as HTMLInputElement).checked;
const chosen = () => (screen.getByRole('combobox', { name: 'Unit' }) as HTMLSelectElement).value;

describe('ReinforceDialog', () => {
  it('opens on the first unit not in the fight, on its usual side', () => {
    open();
    expect(chosen()).toBe('a1');
    expect(checked('Allies')).toBe(true);
  });

  it('takes the side of a fighting unit picked for copies: copies of an enemy join the enemies', async () => {
    const { onCopies } = open();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'e1');
    expect(checked('Enemies')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Make copies of Goblin' }));
    expect(onCopies).toHaveBeenCalledWith(goblin, 'enemies');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'a2');
    expect(checked('Allies')).toBe(true);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'e2');
    expect(checked('Enemies')).toBe(true);
  });

  it('with every unit fighting, opens on the first fighter, on its side', () => {
    open([], [goblin, borin]);
    expect(chosen()).toBe('e1');
    expect(checked('Enemies')).toBe(true);
  });
});
