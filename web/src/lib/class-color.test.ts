import { describe, expect, it } from 'vitest';
import { brightness, classColor, DARK_TEXT, isHexColor, LIGHT_TEXT, readableTextOn } from './class-color';

describe('class colours', () => {
  it('keeps a valid #rrggbb colour, lower-cased', () => {
    expect(classColor('#B91C1C')).toBe('#b91c1c');
    expect(isHexColor('#777777')).toBe(true);
  });

  it('falls back to #4b5563 when the colour is missing or not #rrggbb', () => {
    for (const color of [undefined, null, '', 'red', '#fff', '#12345g', '777777', '#7777777']) {
      expect(classColor(color)).toBe('#4b5563');
    }
  });

  it('weights the channels 0.299 / 0.587 / 0.114', () => {
    expect(brightness('#000000')).toBe(0);
    expect(brightness('#ffffff')).toBeCloseTo(1);
    expect(brightness('#ff0000')).toBeCloseTo(0.299);
    expect(brightness('#00ff00')).toBeCloseTo(0.587);
    expect(brightness('#0000ff')).toBeCloseTo(0.114);
  });

  it('writes dark text above the 0.5 threshold and light text at or below it', () => {
    expect(readableTextOn('#ffffff')).toBe(DARK_TEXT);
    expect(readableTextOn('#fde047')).toBe(DARK_TEXT); // yellow
    expect(readableTextOn('#00ff00')).toBe(DARK_TEXT); // 0.587
    expect(readableTextOn('#808080')).toBe(DARK_TEXT); // 128/255 = 0.502
    expect(readableTextOn('#7f7f7f')).toBe(LIGHT_TEXT); // 127/255 = 0.498
    expect(readableTextOn('#777777')).toBe(LIGHT_TEXT); // the default class colour
    expect(readableTextOn('#ff0000')).toBe(LIGHT_TEXT);
    expect(readableTextOn('#000000')).toBe(LIGHT_TEXT);
  });

  it('reads the fallback colour when the colour is missing', () => {
    expect(readableTextOn(undefined)).toBe(LIGHT_TEXT);
    expect(readableTextOn('not a colour')).toBe(readableTextOn('#4b5563'));
  });
});
