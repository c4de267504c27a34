// The demo table's four portraits (docs/product.md#first-session): small SVGs drawn here (a fantasy
// emblem and the hero's initials on warm colours), rendered to PNG with sharp, then stored like any
// uploaded portrait (processImage → insertImage) in the demo's transaction.
import sharp from 'sharp';
import { DEMO_HEROES, DEMO_PORTRAITS, type DemoHero } from '@questkeeper/core/demo/demo-campaign';
import { processImage, type ProcessedImage } from '../../lib/image-processing';

const EMBLEMS: Record<(typeof DEMO_PORTRAITS)[DemoHero]['emblem'], string> = {
  // A forge hammer.
  hammer: '<path d="M86 70h84v36H86z"/><path d="M120 106h16v86h-16z"/>',
  // A four-pointed star.
  star: '<path d="M128 52l16 52 52 16-52 16-16 52-16-52-52-16 52-16z"/>',
  // A sword, point up.
  sword: '<path d="M128 44l12 24v88h-24V68z"/><path d="M96 156h64v12H96z"/><path d="M122 168h12v30h-12z"/>',
  // A curved dagger.
  dagger:
    '<path d="M150 50c10 40-4 80-20 106h-12c10-30 20-70 32-106z"/><path d="M100 156h56v12h-56z"/><path d="M120 168h12v26h-12z"/>',
};

const initialsOf = (name: string) =>
  name
    .split(/[\s-]+/)
    .filter((word) => word !== '')
    .slice(0, 2)
    .map((word) => word[0]!.toLocaleUpperCase())
    .join('');

/** The SVG of one hero's portrait (256 px square). */
export function portraitSvg(hero: DemoHero, name: string): string {
  const { emblem, colors } = DEMO_PORTRAITS[hero];
  const [dark, light] = colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<defs><radialGradient id="g" cx="50%" cy="35%" r="75%"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></radialGradient></defs>
<rect width="256" height="256" fill="url(#g)"/>
<circle cx="128" cy="128" r="112" fill="none" stroke="#fff7e6" stroke-opacity="0.8" stroke-width="6"/>
<g fill="#fff7e6" fill-opacity="0.9">${EMBLEMS[emblem]}</g>
<text x="128" y="232" text-anchor="middle" font-family="serif" font-size="34" font-weight="bold" fill="#2b1a0e">${initialsOf(name)}</text>
</svg>`;
}

/** Each hero's portrait, processed as an uploaded one would be. */
export async function demoPortraits(names: Record<DemoHero, string>): Promise<Map<DemoHero, ProcessedImage>> {
  const portraits = new Map<DemoHero, ProcessedImage>();
  for (const hero of DEMO_HEROES) {
    const png = await sharp(Buffer.from(portraitSvg(hero, names[hero])))
      .png()
      .toBuffer();
    portraits.set(hero, await processImage(png, 'portrait'));
  }
  return portraits;
}
