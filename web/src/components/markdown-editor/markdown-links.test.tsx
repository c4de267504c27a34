// Campaign links in rendered markdown (docs/decisions/063): `[[Name]]`, `[[Name|words]]` and
// `[[#Heading]]` resolve against the campaign's names without case or accents and open their place in
// the app; a missing one says so and offers "Create unit"; code is left alone; names and words are
// escaped; the rules read view anchors its headings and lines. The journey e2e/tests/links.spec.ts
// follows them in a browser.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { StaticCampaignLinks, type CampaignLinks } from '@/lib/campaign-links';
import { campaignLinks } from '@/test/campaign-links';
import { renderMarkdown } from './markdown';
import { MarkdownPreview } from './markdown-preview';

const RULES = '# Combat\n\nText.\n\n## Dégâts & soins\n\nMore.\n\n## Dégâts & soins\n';

function links(extra: Parameters<typeof campaignLinks>[0] = {}) {
  return campaignLinks({
    units: [
      { _id: 'u1', name: 'Dame Élise' },
      { _id: 'u2', name: '<script>alert(1)</script>' },
    ],
    races: [{ _id: 'r1', name: 'Elf' }],
    statuses: [{ _id: 's1', name: 'Poisoned' }],
    characteristics: [{ name: 'Strength' }],
    rules: RULES,
    ...extra,
  });
}

function show(source: string, value: CampaignLinks | null = links(), anchors = false) {
  const preview = <MarkdownPreview source={source} anchors={anchors} />;
  return render(
    <MemoryRouter>
      {value ? <StaticCampaignLinks value={value}>{preview}</StaticCampaignLinks> : preview}
    </MemoryRouter>,
  );
}

describe('links in rendered markdown', () => {
  it('resolve without case or accents and lead to their place', () => {
    show('See [[dame elise]], [[ELF]], [[poisoned]], [[Strength]] and [[#degats soins]].');
    const unit = screen.getByRole('link', { name: 'dame elise' });
    expect(unit.getAttribute('href')).toBe('?campaign=c1&view=units&item=u1');
    expect(unit.dataset.linkKind).toBe('unit');
    expect(screen.getByRole('link', { name: 'ELF' }).getAttribute('href')).toBe(
      '?campaign=c1&view=races&item=r1',
    );
    expect(screen.getByRole('link', { name: 'poisoned' }).getAttribute('href')).toBe(
      '?campaign=c1&view=statuses&item=s1',
    );
    expect(screen.getByRole('link', { name: 'Strength' }).getAttribute('href')).toBe(
      '?campaign=c1&view=characteristics&item=Strength',
    );
    expect(screen.getByRole('link', { name: 'degats soins' }).getAttribute('href')).toBe(
      '?campaign=c1&view=rules&heading=degats-soins',
    );
  });

  it('show their label instead of the target', () => {
    show('Ask [[Dame Élise|the lady]] about [[elf | the fair folk]].');
    expect(screen.getByRole('link', { name: 'the lady' }).getAttribute('href')).toContain('item=u1');
    expect(screen.getByRole('link', { name: 'the fair folk' }).getAttribute('href')).toContain('item=r1');
    expect(screen.queryByText(/Dame Élise/)).toBeNull();
  });

  it('open their place in the app on a plain click, and leave modified clicks to the browser', () => {
    const value = links();
    show('[[Elf]] and [[#Combat]]', value);
    const elf = screen.getByRole('link', { name: 'Elf' });
    expect(fireEvent.click(elf)).toBe(false); // default prevented
    expect(value.goTo).toHaveBeenCalledWith({ view: 'races', item: 'r1' });
    fireEvent.click(screen.getByRole('link', { name: 'Combat' }));
    expect(value.goTo).toHaveBeenLastCalledWith({ view: 'rules', heading: 'combat' });
    value.goTo.mockClear();
    expect(fireEvent.click(elf, { ctrlKey: true })).toBe(true);
    expect(value.goTo).not.toHaveBeenCalled();
  });

  it('mark a missing name, which offers to create the unit', async () => {
    const value = links();
    show('A [[Goblin|green thing]] and a [[#Nowhere]].', value);
    const missing = screen.getByRole('button', { name: 'green thing (not found)' });
    expect(missing.getAttribute('aria-haspopup')).toBe('menu');
    expect(missing.getAttribute('title')).toBe('Nothing in this campaign has this name');
    // A missing heading cannot be created: marked, no button.
    const heading = screen.getByText('Nowhere');
    expect(heading.closest('button')).toBeNull();
    expect(heading.className).toContain('qk-link-missing');
    expect(heading.textContent).toBe('Nowhere (not found)');

    await userEvent.click(missing);
    const menu = screen.getByRole('menu', { name: 'Missing link: Goblin' });
    expect(missing.getAttribute('aria-expanded')).toBe('true');
    const create = within(menu).getByRole('menuitem', { name: 'Create unit "Goblin"' });
    expect(document.activeElement).toBe(create);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(missing);
    expect(missing.getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(missing);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Create unit "Goblin"' }));
    expect(value.createUnit).toHaveBeenCalledWith('Goblin');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('leave code spans and fenced code as written', () => {
    const { container } = show('Use `[[Elf]]` here.\n\n```\n[[Elf]]\n```\n\n    [[Elf]]\n');
    expect(screen.queryByRole('link')).toBeNull();
    const code = [...container.querySelectorAll('code')].map((element) => element.textContent);
    expect(code).toEqual(['[[Elf]]', '[[Elf]]\n', '[[Elf]]\n']);
  });

  it('escape names and words: no element, attribute or script comes from them', () => {
    const { container } = show(
      '[[<script>alert(1)</script>]] [[Elf|<img src=x onerror=alert(1)>]] ' +
        '[[x" onmouseover="alert(1)]] [[y\' onclick=\'alert(1)|"quoted"]]',
    );
    expect(container.querySelector('script, img, [onmouseover], [onclick], [onerror]')).toBeNull();
    expect(screen.getByRole('link', { name: '<script>alert(1)</script>' }).getAttribute('href')).toBe(
      '?campaign=c1&view=units&item=u2',
    );
    expect(screen.getByRole('link', { name: '<img src=x onerror=alert(1)>' })).toBeTruthy();
    const quoted = screen.getByRole('button', { name: 'x" onmouseover="alert(1) (not found)' });
    expect(quoted.dataset.linkCreate).toBe('x" onmouseover="alert(1)');
    expect(screen.getByRole('button', { name: '"quoted" (not found)' }).dataset.linkCreate).toBe(
      "y' onclick='alert(1)",
    );
  });

  it('stay text outside a campaign', () => {
    show('See [[Elf]].', null);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('See [[Elf]].')).toBeTruthy();
  });

  it('follow the names: a rename or a new unit renders the text again', () => {
    const first = links();
    const { rerender } = show('Meet [[Goblin]] and [[Elf]].', first);
    expect(screen.getByRole('button', { name: 'Goblin (not found)' })).toBeTruthy();
    const next = links({ units: [{ _id: 'u9', name: 'Goblin' }], races: [{ _id: 'r1', name: 'High elf' }] });
    rerender(
      <MemoryRouter>
        <StaticCampaignLinks value={next}>
          <MarkdownPreview source="Meet [[Goblin]] and [[Elf]]." />
        </StaticCampaignLinks>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Goblin' }).getAttribute('href')).toContain('item=u9');
    expect(screen.getByRole('button', { name: 'Elf (not found)' })).toBeTruthy();
  });
});

describe('the rules read view anchors', () => {
  it('give headings the slugs of the whole text, blocks their line, and a "Linked from" button', () => {
    const { container } = show(RULES, links(), true);
    const headings = [...container.querySelectorAll<HTMLElement>('h1, h2')];
    expect(headings.map((heading) => [heading.id, heading.dataset.heading, heading.dataset.line])).toEqual([
      ['h-combat', 'combat', '1'],
      ['h-degats-soins', 'degats-soins', '5'],
      ['h-degats-soins-2', 'degats-soins-2', '9'],
    ]);
    expect(container.querySelector('p')?.dataset.line).toBe('3');
    expect(screen.getByRole('heading', { level: 1, name: 'Combat' })).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: /^What links to/ });
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'What links to "Combat"',
      'What links to "Dégâts & soins"',
      'What links to "Dégâts & soins"',
    ]);
    expect(buttons[1]!.dataset.backlinksHeading).toBe('degats-soins');
  });

  it('number the slugs over the whole text when it renders in sections', async () => {
    const filler = `${'A long paragraph of rules. '.repeat(40)}\n\n`;
    const text = `# Intro\n\n${filler.repeat(5)}# Intro\n\n${filler.repeat(5)}# Intro\n\nEnd.\n`;
    const html = renderMarkdown(text);
    expect(html).not.toContain('id=');
    const { container } = show(text, links({ rules: text }), true);
    expect(container.querySelectorAll('.qk-markdown-section').length).toBeGreaterThan(1);
    // Later sections render in the next frames.
    await waitFor(() => expect(container.querySelectorAll('h1')).toHaveLength(3));
    const ids = [...container.querySelectorAll('h1')].map((heading) => [heading.id, heading.dataset.line]);
    expect(ids).toEqual([
      ['h-intro', '1'],
      ['h-intro-2', '13'],
      ['h-intro-3', '25'],
    ]);
  });
});

describe('heading anchors in every other text (decision 081)', () => {
  const NOTE =
    '## Tactics\n\nSee [the loot](<#Trésor & butin>) and [away](https://example.com).\n\n## Trésor & butin\n\nGold.\n';

  it("give headings the whole text's slugs behind the preview's own prefix, unique on the page, no lines", () => {
    const { container } = render(
      <MemoryRouter>
        <StaticCampaignLinks value={links()}>
          <MarkdownPreview source={NOTE} />
          <MarkdownPreview source={NOTE} />
        </StaticCampaignLinks>
      </MemoryRouter>,
    );
    const [first, second] = [...container.querySelectorAll('.qk-markdown')];
    const ids = (root: Element) => [...root.querySelectorAll<HTMLElement>('h2')].map((heading) => heading.id);
    expect(ids(first!)).toEqual([
      expect.stringMatching(/^h-\w+-tactics$/),
      expect.stringMatching(/^h-\w+-tresor-butin$/),
    ]);
    expect(ids(second!).map((id) => id.replace(/^h-\w+?-/, ''))).toEqual(['tactics', 'tresor-butin']);
    // The same text twice on a page: never the same id.
    expect(ids(first!).some((id) => ids(second!).includes(id))).toBe(false);
    // Not the rules' own ids, and no lines (those are the rules read view's).
    expect(container.querySelector('#h-tactics')).toBeNull();
    expect(container.querySelector('[data-line]')).toBeNull();
    expect(within(first as HTMLElement).queryByRole('button', { name: /What links to/ })).toBeNull();
  });

  it('make a `#heading` link of the text point at its heading, in place, and scroll there', async () => {
    const { container } = show(NOTE);
    const heading = container.querySelectorAll<HTMLElement>('h2')[1]!;
    const scrolled = vi.fn();
    heading.scrollIntoView = scrolled;
    const loot = screen.getByRole('link', { name: 'the loot' });
    expect(loot.getAttribute('href')).toBe(`#${heading.id}`);
    expect(loot.getAttribute('target')).toBeNull();
    // Other links still leave in a new tab.
    expect(screen.getByRole('link', { name: 'away' }).getAttribute('target')).toBe('_blank');
    const click = fireEvent.click(loot);
    expect(click).toBe(false);
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(heading);
  });
});
