// The editor's completion of campaign names (docs/decisions/063): `[[` and `@` open the campaign's
// names with their kind, matched without case or accents; arrows move, Enter picks `[[Name]]` in place
// of what was typed, Escape closes; an `@` query takes single spaces until no name matches, two spaces
// or Escape (decision 081); outside a campaign nothing opens. The journey
// e2e/tests/links.spec.ts types it in a browser.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { StaticCampaignLinks } from '@/lib/campaign-links';
import { campaignLinks } from '@/test/campaign-links';
import { findEditor, type TextBox } from '@/test/editor';
import { linkOptions, linkQuery, matchOptions } from './link-completion';
import { MarkdownEditor } from './markdown-editor';

// The writer (with CodeMirror) is a lazy chunk: load it once before the tests' own time limits start.
beforeAll(() => import('./markdown-writer'), 30_000);

afterEach(() => {
  document.body.innerHTML = '';
});

const LINKS = campaignLinks({
  units: [
    { _id: 'u1', name: 'Dame Élise' },
    { _id: 'u2', name: 'Goblin' },
    { _id: 'u3', name: 'Broken [name]' },
    { _id: 'u4', name: 'Brenna Ironhand' },
    { _id: 'u5', name: 'Brenna Stone' },
  ],
  races: [
    { _id: 'r1', name: 'Elf' },
    { _id: 'r2', name: 'Half-elf' },
  ],
  classes: [{ _id: 'k1', name: 'Mage' }],
  statuses: [{ _id: 's1', name: 'Poisoned' }],
  characteristics: [{ name: 'Strength' }],
  rules: '# Combat\n\n## Dégâts & soins\n',
});

const kindLabel = (kind: string) => `<${kind}>`;

describe('the names offered', () => {
  it('are every name a link can hold, once, in resolving order', () => {
    const options = linkOptions(LINKS.catalog, kindLabel);
    expect(options.map((option) => [option.name, option.kindLabel])).toEqual([
      ['Dame Élise', '<unit>'],
      ['Goblin', '<unit>'],
      ['Brenna Ironhand', '<unit>'],
      ['Brenna Stone', '<unit>'],
      ['Elf', '<race>'],
      ['Half-elf', '<race>'],
      ['Mage', '<class>'],
      ['Poisoned', '<status>'],
      ['Strength', '<characteristic>'],
      ['Combat', '<heading>'],
      ['Dégâts & soins', '<heading>'],
    ]);
  });

  it('match without case or accents, starts of names first, `#` for headings only', () => {
    const options = linkOptions(LINKS.catalog, kindLabel);
    expect(matchOptions(options, 'ELF').map((option) => option.name)).toEqual(['Elf', 'Half-elf']);
    expect(matchOptions(options, 'elise').map((option) => option.name)).toEqual(['Dame Élise']);
    expect(matchOptions(options, '#deg').map((option) => option.name)).toEqual(['Dégâts & soins']);
    expect(matchOptions(options, '#').map((option) => option.kind)).toEqual(['heading', 'heading']);
    expect(matchOptions(options, 'zzz')).toEqual([]);
  });

  it('open after `[[` or an `@` that starts a word, never inside an e-mail address', () => {
    expect(linkQuery('See [[gob')).toEqual({ start: 4, query: 'gob' });
    expect(linkQuery('See [[')).toEqual({ start: 4, query: '' });
    expect(linkQuery('See @gob')).toEqual({ start: 4, query: 'gob' });
    expect(linkQuery('@')).toEqual({ start: 0, query: '' });
    expect(linkQuery('mail gm@example')).toBeNull();
    expect(linkQuery('See [[Elf]] now')).toBeNull();
    expect(linkQuery('See [[a|b')).toBeNull();
  });

  it('after `@` take words with single spaces; two spaces, a tab, a line break or `@` end them', () => {
    expect(linkQuery('Meet @Brenna Iron')).toEqual({ start: 5, query: 'Brenna Iron' });
    expect(linkQuery('Meet @Brenna ')).toEqual({ start: 5, query: 'Brenna ' });
    expect(linkQuery('@a b c d')).toEqual({ start: 0, query: 'a b c d' });
    expect(linkQuery('Meet @Brenna  ')).toBeNull();
    expect(linkQuery('Meet @Brenna  Iron')).toBeNull();
    expect(linkQuery('Meet @Brenna\tIron')).toBeNull();
    expect(linkQuery('Meet @Brenna\nIron')).toBeNull();
    expect(linkQuery('@ Brenna')).toBeNull();
    // The last `@` that starts a word asks; the words after an earlier one never hold another `@`.
    expect(linkQuery('@Elf met @Gob')).toEqual({ start: 9, query: 'Gob' });
    expect(linkQuery('mail gm@example and more')).toBeNull();
    // A long run without an end is answered at once (no backtracking blow-up).
    const started = performance.now();
    expect(linkQuery(`@${'a '.repeat(100)}  `)).toBeNull();
    expect(linkQuery(`@${'a'.repeat(5000)}!@`)).toEqual({ start: 5002, query: '' });
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('with a space keep matching the whole name; no name left is the end', () => {
    const options = linkOptions(LINKS.catalog, kindLabel);
    const names = (query: string) => matchOptions(options, query).map((option) => option.name);
    expect(names('Brenna')).toEqual(['Brenna Ironhand', 'Brenna Stone']);
    expect(names('Brenna ')).toEqual(['Brenna Ironhand', 'Brenna Stone']);
    expect(names('brenna iron')).toEqual(['Brenna Ironhand']);
    expect(names('Brenna Ironhand said')).toEqual([]);
    expect(names('Elf ')).toEqual([]);
  });
});

async function renderWriter(inCampaign = true) {
  const editor = <MarkdownEditor value="" onChange={() => undefined} maxLength={1000} label="Notes" />;
  render(
    <MemoryRouter>
      {inCampaign ? <StaticCampaignLinks value={LINKS}>{editor}</StaticCampaignLinks> : editor}
    </MemoryRouter>,
  );
  return findEditor('Notes');
}

/**
 * The list of names, once open and ready: CodeMirror takes a pick only 75 ms after the list shows
 * (no Enter meant for a line break picks a name by accident).
 */
async function list() {
  const listbox = await screen.findByRole('listbox', { name: 'Campaign names' }, { timeout: 3000 });
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  return listbox;
}

function press(box: TextBox, key: string) {
  act(() => {
    fireEvent.keyDown(box.element, { key });
  });
}

describe('completion in the editor', () => {
  it('opens on `[[`, shows each kind, and Enter writes the link in place of what was typed', async () => {
    const box = await renderWriter();
    box.type('Ask [[el');
    const options = within(await list()).getAllByRole('option');
    // The name starting so first, then names with a word starting so, in resolving order.
    expect(options.map((option) => option.textContent)).toEqual([
      'ElfRace',
      'Dame ÉliseUnit',
      'Half-elfRace',
    ]);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    press(box, 'ArrowDown');
    await waitFor(() => expect(options[1]!.getAttribute('aria-selected')).toBe('true'));
    press(box, 'ArrowUp');
    await waitFor(() => expect(options[0]!.getAttribute('aria-selected')).toBe('true'));
    press(box, 'Enter');
    expect(box.value).toBe('Ask [[Elf]]');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });

  it('opens on `@`, finds names without accents, and replaces the `@word`', async () => {
    const box = await renderWriter();
    box.type('Meet @elis');
    const options = within(await list()).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Dame ÉliseUnit']);
    press(box, 'Enter');
    expect(box.value).toBe('Meet [[Dame Élise]]');
  });

  it('keeps completing `@` across a space: "@Brenna Iron" picks "Brenna Ironhand"', async () => {
    const box = await renderWriter();
    box.type('Ask @Brenna');
    let options = within(await list()).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Brenna IronhandUnit', 'Brenna StoneUnit']);
    box.type(' Iron');
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox'))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Brenna IronhandUnit']),
    );
    options = within(await list()).getAllByRole('option');
    press(box, 'Enter');
    expect(box.value).toBe('Ask [[Brenna Ironhand]]');
  });

  it('ends an `@` query when no name matches any more, and at two spaces', async () => {
    const box = await renderWriter();
    box.type('@Brenna');
    await list();
    box.type(' Ironhand said');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    // Enter is a line break again.
    press(box, 'Enter');
    expect(box.value).toBe('@Brenna Ironhand said\n');

    box.type('@Brenna Ironhand');
    await list();
    box.type('  ');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    box.type('x');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('after Escape, typing on does not bring the list back for that `@`; the next `@` does', async () => {
    const box = await renderWriter();
    box.type('@Brenna');
    await list();
    press(box, 'Escape');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    box.type(' Iron');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('listbox')).toBeNull();
    box.type(' met @Gob');
    const options = within(await list()).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['GoblinUnit']);
    press(box, 'Enter');
    expect(box.value).toBe('@Brenna Iron met [[Goblin]]');
  });

  it('offers rules headings as `#Heading`', async () => {
    const box = await renderWriter();
    box.type('[[#dég');
    const options = within(await list()).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['#Dégâts & soinsRules heading']);
    press(box, 'Enter');
    expect(box.value).toBe('[[#Dégâts & soins]]');
  });

  it('closes on Escape, leaving the text as typed', async () => {
    const box = await renderWriter();
    box.type('[[go');
    await list();
    press(box, 'Escape');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(box.value).toBe('[[go');
    // Enter is a line break again.
    press(box, 'Enter');
    expect(box.value).toBe('[[go\n');
  });

  it('offers nothing outside a campaign', async () => {
    const box = await renderWriter(false);
    box.type('[[el');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
