// Class colours (docs/product.md#campaign, #limits): a class is shown on a chip of its own colour, with light
// or dark text chosen by a brightness threshold of 0.5. The colours are user data, not design tokens, so the
// two text colours are fixed values that read on any background rather than theme tokens.
import { FALLBACK_CLASS_COLOR } from '@questkeeper/core/constants';

export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#111111';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

/** The colour to paint a class with: its own when valid, else the fallback #4b5563. */
export function classColor(color: string | null | undefined): string {
  return isHexColor(color) ? color.toLowerCase() : FALLBACK_CLASS_COLOR;
}

/** Perceived brightness from 0 (black) to 1 (white), weighted 0.299 R + 0.587 G + 0.114 B. */
export function brightness(hex: string): number {
  const color = classColor(hex);
  const channel = (at: number) => parseInt(color.slice(at, at + 2), 16) / 255;
  return 0.299 * channel(1) + 0.587 * channel(3) + 0.114 * channel(5);
}

/** Dark text on a bright background (brightness above 0.5), light text otherwise. */
export function readableTextOn(hex: string | null | undefined): string {
  return brightness(classColor(hex)) > 0.5 ? DARK_TEXT : LIGHT_TEXT;
}

/** The colour of each class of a campaign, by class name (what units refer to). */
export function classColorsByName(
  classes: readonly { name: string; color: string }[],
): ReadonlyMap<string, string> {
  return new Map(classes.map((item) => [item.name, item.color] as const));
}
