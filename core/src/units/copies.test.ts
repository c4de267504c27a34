import { describe, expect, it } from 'vitest';
import { NAME_MAX } from '../limits';
import { baseName, copyNames } from './copies';

describe('copyNames', () => {
  it('numbers copies from 2, the source counting as 1', () => {
    expect(copyNames('Goblin', ['Goblin', 'Aldric'], 3)).toEqual(['Goblin 2', 'Goblin 3', 'Goblin 4']);
  });

  it('goes on after the highest number in use, whatever the case, from a numbered source too', () => {
    expect(copyNames('Goblin 2', ['Goblin', 'goblin 7', 'Goblin 3', 'Goblinoid 9'], 2)).toEqual([
      'Goblin 8',
      'Goblin 9',
    ]);
  });

  it('keeps names within the name limit', () => {
    const long = 'x'.repeat(NAME_MAX);
    const [name] = copyNames(long, [long], 1);
    expect(name).toHaveLength(NAME_MAX);
    expect(name?.endsWith(' 2')).toBe(true);
  });

  it('does not strip a name that is only a number', () => {
    expect(baseName('42')).toBe('42');
  });
});
