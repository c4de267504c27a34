// WCAG contrast of the design tokens: text at least 4.5:1 on the backgrounds it is
// shown on, the boundaries of controls at least 3:1 against what surrounds them, in the light and
// the dark scheme. Reads the tokens from styles.css itself, so a new colour is checked as written.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = fs.readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

type Tokens = Record<string, string>;

function tokensOf(block: string): Tokens {
  return Object.fromEntries(
    [...block.matchAll(/--qk-([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1], m[2]]),
  );
}

/** The first `:root { … }` after `from` (the light one; the dark one sits in its media query). */
function rootBlock(from: number): string {
  const start = css.indexOf(':root {', from);
  if (start < 0) throw new Error('no :root block');
  return css.slice(start, css.indexOf('}', start));
}

const light = tokensOf(rootBlock(0));
const dark = { ...light, ...tokensOf(rootBlock(css.indexOf('prefers-color-scheme: dark'))) };

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const TEXT = 4.5;
const BOUNDARY = 3;

/** [what it is, foreground token, background token, minimum]. */
const PAIRS: [string, string, string, number][] = [
  ['body text', 'ink', 'canvas', TEXT],
  ['body text on cards', 'ink', 'surface', TEXT],
  ['body text on muted panels', 'ink', 'surface-muted', TEXT],
  ['secondary text', 'ink-muted', 'canvas', TEXT],
  ['secondary text on cards', 'ink-muted', 'surface', TEXT],
  ['secondary text on muted panels', 'ink-muted', 'surface-muted', TEXT],
  ['primary button label', 'on-brand', 'brand', TEXT],
  ['primary button label, hovered', 'on-brand', 'brand-strong', TEXT],
  ['enabled primary button against the page', 'brand', 'canvas', BOUNDARY],
  ['enabled primary button on a card', 'brand', 'surface', BOUNDARY],
  ['enabled primary button on a muted panel', 'brand', 'surface-muted', BOUNDARY],
  ['link and brand text', 'brand', 'surface', TEXT],
  ['link and brand text on the page', 'brand', 'canvas', TEXT],
  ['current item (brand on brand-soft)', 'brand', 'brand-soft', TEXT],
  ['selected segment against its track', 'brand', 'surface-muted', BOUNDARY],
  ['selected segment label', 'on-brand', 'brand', TEXT],
  ['selected card border (brand) against the card', 'brand', 'brand-soft', BOUNDARY],
  ['text on brand-soft', 'ink', 'brand-soft', TEXT],
  ['focus ring against the page', 'focus', 'canvas', BOUNDARY],
  ['focus ring on a card', 'focus', 'surface', BOUNDARY],
  ['focus ring on a muted panel', 'focus', 'surface-muted', BOUNDARY],
  ['danger text', 'danger', 'surface', TEXT],
  ['danger text in its alert', 'danger', 'danger-soft', TEXT],
  ['danger button label', 'on-brand', 'danger', TEXT],
  ['success text', 'success', 'surface', TEXT],
  ['success text in its alert', 'success', 'success-soft', TEXT],
  ['text in an info alert', 'ink', 'info-soft', TEXT],
  ['warning text (gold) on a muted panel', 'gold', 'surface-muted', TEXT],
  ['warning text (gold) on a card', 'gold', 'surface', TEXT],
];

describe.each([
  ['light', light],
  ['dark', dark],
] as const)('%s scheme', (_scheme, tokens) => {
  it.each(PAIRS)('%s: %s on %s ≥ %s:1', (_what, foreground, background, minimum) => {
    const fg = tokens[foreground];
    const bg = tokens[background];
    expect(fg, foreground).toMatch(/^#/);
    expect(bg, background).toMatch(/^#/);
    expect(contrast(fg!, bg!)).toBeGreaterThanOrEqual(minimum);
  });
});

describe('contrast', () => {
  // Reference values from the WCAG definition, so the test above can fail for the right reasons.
  it('computes WCAG ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
  });

  it('reads both schemes from styles.css', () => {
    expect(Object.keys(light).length).toBeGreaterThanOrEqual(17);
    expect(dark.canvas).not.toBe(light.canvas);
  });
});
