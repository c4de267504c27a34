// docs/decisions/077: an imported image is kept byte for byte only when it already is what the upload
// stores (a plain WebP within its box); anything else is re-encoded, and every refusal is the upload's.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isPlainWebp, processImage, processImportedImage } from './image-processing';

const picture = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 29) % 251)), {
    raw: { width, height, channels: 3 },
  });

describe('processImportedImage', () => {
  it('keeps what the server stored, byte for byte', async () => {
    const stored = (await processImage(await picture(40, 30).png().toBuffer(), 'portrait')).bytes;
    expect(isPlainWebp(stored)).toBe(true);
    const again = await processImportedImage(stored, 'portrait');
    expect(Buffer.compare(again.bytes, stored)).toBe(0);
    expect(again).toMatchObject({ width: 40, height: 30, contentType: 'image/webp' });
  });

  it('re-encodes a WebP with metadata, one with bytes after its end, one over its box, and a PNG', async () => {
    const withExif = await picture(40, 30)
      .webp()
      .withMetadata({ exif: { IFD0: { Copyright: 'someone' } } })
      .toBuffer();
    const stored = (await processImage(await picture(40, 30).png().toBuffer(), 'portrait')).bytes;
    const trailing = Buffer.concat([stored, Buffer.from('hidden')]);
    const wide = await picture(700, 20).webp().toBuffer();
    const png = await picture(40, 30).png().toBuffer();
    expect(isPlainWebp(withExif)).toBe(false);
    expect(isPlainWebp(trailing)).toBe(false);
    expect(isPlainWebp(png)).toBe(false);
    for (const bytes of [withExif, png]) {
      const kept = await processImportedImage(bytes, 'portrait');
      expect(Buffer.compare(kept.bytes, bytes)).not.toBe(0);
      expect(isPlainWebp(kept.bytes)).toBe(true);
    }
    // A trailing byte is refused as an upload would refuse or re-encode it: never stored as it came.
    const afterEnd = await processImportedImage(trailing, 'portrait').catch((error: Error) => error);
    if (!(afterEnd instanceof Error)) expect(Buffer.compare(afterEnd.bytes, trailing)).not.toBe(0);
    expect(isPlainWebp(wide)).toBe(true);
    const fitted = await processImportedImage(wide, 'portrait');
    expect(fitted.width).toBe(512);
  });

  it('refuses what an upload refuses', async () => {
    await expect(processImportedImage(Buffer.from('RIFF0000WEBPVP8 nope'), 'handout')).rejects.toMatchObject({
      code: 'IMAGE_INVALID',
    });
  });
});
