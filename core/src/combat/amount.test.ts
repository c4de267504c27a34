import { describe, expect, it } from 'vitest';
import { parseTypedAmount } from './amount';

// One grammar for every amount field (the action bar, each row, a sign typed
// with no field focused): a leading `+` heals, a leading `-` or a bare amount deals damage.
describe('parseTypedAmount', () => {
  it.each([
    ['5', { ok: true, type: 'attack', amount: 5 }],
    ['-5', { ok: true, type: 'attack', amount: 5 }],
    ['+5', { ok: true, type: 'heal', amount: 5 }],
    [' + 12 ', { ok: true, type: 'heal', amount: 12 }],
    ['007', { ok: true, type: 'attack', amount: 7 }],
    ['999', { ok: true, type: 'attack', amount: 999 }],
    ['2d6+3', { ok: true, type: 'attack', amount: '2d6+3' }],
    ['-1d8', { ok: true, type: 'attack', amount: '1d8' }],
    ['+2d4', { ok: true, type: 'heal', amount: '2d4' }],
    ['', { ok: false, problem: null }],
    ['  ', { ok: false, problem: null }],
    ['+', { ok: false, problem: null }],
    ['-', { ok: false, problem: null }],
    ['0', { ok: false, problem: { key: 'validation.tooSmall', params: { min: 1 } } }],
    ['+0', { ok: false, problem: { key: 'validation.tooSmall', params: { min: 1 } } }],
    ['1000', { ok: false, problem: { key: 'validation.tooBig', params: { max: 999 } } }],
    ['-1000', { ok: false, problem: { key: 'validation.tooBig', params: { max: 999 } } }],
    ['+-3', { ok: false, problem: { key: 'validation.tooSmall', params: { min: 1 } } }],
    ['--3', { ok: false, problem: { key: 'validation.tooSmall', params: { min: 1 } } }],
    ['2.5', { ok: false, problem: { key: 'validation.integer' } }],
    ['1000000', { ok: false, problem: { key: 'validation.tooBig', params: { max: 999 } } }],
    ['2d', { ok: false, problem: { key: 'dice.errors.unexpectedEnd' } }],
    ['+x', { ok: false, problem: { key: expect.stringMatching(/^dice\.errors\./) } }],
  ] as const)('%j', (text, expected) => {
    expect(parseTypedAmount(text)).toMatchObject(expected);
  });
});
