// The editor's completion of campaign names (docs/decisions/063): `[[` and `@` open the campaign's
// names with their kind, matched without case or accents; arrows move, Enter picks `[[Name]]` in place
// of what was typed, Escape closes; outside a campaign nothing opens. The journey
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
    expect(linkQuery('@two words')).toBeNull();
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
