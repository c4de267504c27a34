// French elision before user-typed names (docs/product.md#languages).
import { describe, expect, it } from 'vitest';
import { frenchDe } from './french-elision';

describe('frenchDe', () => {
  it('elides before a vowel, accented or not', () => {
    expect(frenchDe('Aldric')).toBe("d'Aldric");
    expect(frenchDe('Éloïse')).toBe("d'Éloïse");
    expect(frenchDe('ombre-lune')).toBe("d'ombre-lune");
    expect(frenchDe('Yves')).toBe("d'Yves");
  });

  it('keeps "de" before a consonant, a Y sounding as one, an h, a digit or a sign', () => {
    expect(frenchDe('Borin')).toBe('de Borin');
    expect(frenchDe('Yann')).toBe('de Yann');
    expect(frenchDe('Hector')).toBe('de Hector');
    expect(frenchDe('7e Légion')).toBe('de 7e Légion');
    expect(frenchDe('« Le Corbeau »')).toBe('de « Le Corbeau »');
  });

  it('contracts a leading Le or Les, and leaves La and L’ alone', () => {
    expect(frenchDe('Le Val des brumes')).toBe('du Val des brumes');
    expect(frenchDe('Les Terres brûlées')).toBe('des Terres brûlées');
    expect(frenchDe('La Couronne engloutie')).toBe('de La Couronne engloutie');
    expect(frenchDe("L'Ombre")).toBe("de L'Ombre");
    expect(frenchDe('Legolas')).toBe('de Legolas');
  });
});
