// docs/decisions/064: what a reveal takes of the rules — the section under a heading, secret blocks out,
// with the rules view's anchors — read in the context of the whole text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REVEAL_TEXT_MAX, REVEAL_TITLE_MAX } from '../limits';
import { rulesHeadings } from '../links/links';
import { secretMarkdown } from '../text/secret-blocks.arbitrary';
import { cutText, forPlayers, rulesSection } from './snapshot';

const RULES = [
  '# Combat',
  'Intro.',
  '## Attacks',
  'Roll.',
  '### Critical',
  'Double.',
  '## Healing',
  'Rest.',
  '# Magic',
  'Spells.',
].join('\n');

describe('rulesSection', () => {
  it('runs from the heading to the next heading of the same or a higher level', () => {
    expect(rulesSection(RULES, 'attacks')).toEqual({
      title: 'Attacks',
      text: 'Roll.\n### Critical\nDouble.',
    });
    expect(rulesSection(RULES, 'combat')?.text).toBe(
      'Intro.\n## Attacks\nRoll.\n### Critical\nDouble.\n## Healing\nRest.',
    );
    expect(rulesSection(RULES, 'magic')).toEqual({ title: 'Magic', text: 'Spells.' });
    expect(rulesSection(RULES, 'critical')?.text).toBe('Double.');
    expect(rulesSection(RULES, 'nothing')).toBeNull();
  });

  it("uses the rules view's anchors: repeated headings numbered, marks and accents dropped", () => {
    const rules = '## Dégâts & *soins*\nA\n## Dégâts & soins\nB\n## `Code` heading\nC';
    expect(rulesHeadings(rules).map((h) => h.slug)).toEqual([
      'degats-soins',
      'degats-soins-2',
      'code-heading',
    ]);
    expect(rulesSection(rules, 'degats-soins-2')).toEqual({ title: 'Dégâts & soins', text: 'B' });
    expect(rulesSection(rules, 'code-heading')?.title).toBe('Code heading');
  });

  it('leaves secret blocks out, one blank line in their place', () => {
    const rules = '## A\nOne.\n:::secret\nzsecret\n:::\nTwo.\n## B';
    expect(rulesSection(rules, 'a')).toEqual({ title: 'A', text: 'One.\n\nTwo.' });
  });

  it('reads a block opened before the section: its heading and lines stay secret', () => {
    const rules = '# Open\n:::secret\n## Hidden\nzsecret one\n:::\nAfter.\n## Later\n:::secret\nzsecret two';
    expect(rulesSection(rules, 'hidden')).toBeNull();
    // The unterminated block at the end hides the rest of the section.
    expect(rulesSection(rules, 'later')).toEqual({ title: 'Later', text: '' });
    const open = '## A\nText\n:::secret\nzsecret\n## B\nzsecret too\n## C\nzsecret three';
    expect(rulesSection(open, 'b')).toBeNull();
    expect(rulesSection(open, 'c')).toBeNull();
    expect(rulesSection(open, 'a')).toEqual({ title: 'A', text: 'Text' });
  });

  it('never returns a secret word, for generated markdown under generated headings', () => {
    fc.assert(
      fc.property(fc.array(secretMarkdown, { minLength: 1, maxLength: 4 }), fc.nat(), (parts, pick) => {
        const rules = parts
          .map((part, i) => `${'#'.repeat((i % 3) + 1)} Part ${i}\n${part.markdown}`)
          .join('\n');
        const secrets = parts.flatMap((part) => part.secretWords);
        const headings = rulesHeadings(rules);
        for (const heading of [headings[pick % Math.max(1, headings.length)], ...headings].filter(Boolean)) {
          const section = rulesSection(rules, heading!.slug);
          const shown = JSON.stringify(section);
          for (const word of secrets) expect(shown).not.toContain(word);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('forPlayers', () => {
  it('cuts titles and texts to the reveal limits, whole characters only', () => {
    expect(forPlayers('x'.repeat(300), '').title).toHaveLength(REVEAL_TITLE_MAX);
    expect(forPlayers('t', 'y'.repeat(REVEAL_TEXT_MAX + 5)).text.endsWith('…')).toBe(true);
    expect(cutText('ab😀cd', 4)).toBe('ab…');
    expect(forPlayers('  A\n title ', '\n\n  Text  \n')).toEqual({ title: 'A title', text: '  Text' });
  });
});
