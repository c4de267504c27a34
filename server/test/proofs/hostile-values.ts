// Hostile values for the hostile-input suite, derived from each route's JSON
// schema (generated from core's zod contract): where a body can be broken (slots), what to put there
// (a fixed catalog per kind of field, and fast-check arbitraries for the random part).
import fc from 'fast-check';
import type { JsonSchema } from '../support/route-table';
import { exampleOf } from '../support/valid-requests';

export type Path = (string | number)[];

/** A place in a body: its path, and the schema of each level from the root down to it. */
export interface Slot {
  path: Path;
  levels: JsonSchema[];
}

const typeOf = (schema: JsonSchema) =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;

/** Every property, item and map entry of a schema, down through each variant of a union. */
export function slotsOf(schema: JsonSchema, path: Path = [], levels: JsonSchema[] = []): Slot[] {
  const here = [...levels, schema];
  const slots: Slot[] = path.length > 0 ? [{ path, levels: here }] : [];
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants && variants.some((v) => typeOf(v) === 'object')) {
    // Each variant is entered on its own: the slot's path replaces the value by that variant first.
    for (const variant of variants)
      slots.push(...slotsOf(variant, path, levels).slice(path.length > 0 ? 1 : 0));
    return slots;
  }
  if (typeOf(schema) === 'object') {
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      slots.push(...slotsOf(property, [...path, name], here));
    }
    if (typeof schema.additionalProperties === 'object') {
      slots.push(...slotsOf(schema.additionalProperties, [...path, 'key'], here));
    }
  }
  if (typeOf(schema) === 'array' && schema.items) slots.push(...slotsOf(schema.items, [...path, 0], here));
  return slots;
}

/** Whether a value already has the shape of a level (for a union variant: its fixed fields). */
function fits(value: unknown, schema: JsonSchema): boolean {
  const type = typeOf(schema);
  if (type === 'array') return Array.isArray(value);
  if (type !== 'object') return value !== undefined;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.entries(schema.properties ?? {}).every(
    ([name, property]) =>
      property.enum?.length !== 1 || (value as Record<string, unknown>)[name] === property.enum[0],
  );
}

/** A copy of `base` with `value` at the slot, building what the path needs from the schema. */
export function putAt(base: unknown, slot: Slot, value: unknown): unknown {
  const root: unknown = fits(base, slot.levels[0]!) ? structuredClone(base) : exampleOf(slot.levels[0]!);
  let node = root as Record<string | number, unknown>;
  slot.path.forEach((key, i) => {
    if (i === slot.path.length - 1) {
      node[key] = value;
      return;
    }
    const level = slot.levels[i + 1]!;
    if (!fits(node[key], level)) node[key] = exampleOf(level);
    node = node[key] as Record<string | number, unknown>;
  });
  return root;
}

/** Texts that broke or could break storage and rendering: NUL, lone surrogates, bidi, emoji… */
export const SPECIAL_TEXTS: Record<string, string> = {
  nul: 'a\u0000b',
  'only nul': '\u0000',
  'lone high surrogate': 'a\ud800b',
  'lone low surrogate': '\udc00',
  'cut emoji': 'dragon \ud83d',
  'rtl override': '\u202egnp.exe\u202c',
  arabic: 'مرحبا بالعالم',
  'emoji family': '👩‍👩‍👧‍👦🐉🔥',
  bom: '\ufeffname',
  'zero width': '\u200b\u200c\u200d',
  combining: 'e\u0301\u0301\u0301',
  noncharacter: '\uffff\ufffe',
  'astral max': '\u{10ffff}',
  controls: '\u0001\u0007\u001b[31m',
  'sql quote': "' or '1'='1' --",
  html: '<img src=x onerror=alert(1)>',
  'path traversal': '../../../etc/passwd',
  'json in text': '{"__proto__":{"admin":true}}',
};

/** The ones every text field of every route gets in the sweep; the others come in the random part. */
const SWEPT_TEXTS = [
  'nul',
  'only nul',
  'lone high surrogate',
  'lone low surrogate',
  'cut emoji',
  'rtl override',
  'emoji family',
  'controls',
];

export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
];

/** An object whose own keys are prototype names (JSON.parse makes `__proto__` an own key). */
export const prototypeObject = (inner: unknown = { admin: true }) =>
  JSON.parse(`{${PROTOTYPE_KEYS.map((key) => `"${key}":${JSON.stringify(inner)}`).join(',')}}`) as unknown;

/** Values of another JSON type than the field's. */
const WRONG_TYPES: Record<string, unknown[]> = {
  string: [null, 7, [], {}],
  integer: [null, '7', [], {}, 1.5],
  number: [null, '7', [], {}],
  boolean: [null, 'true', 1, []],
  array: [null, 'x', {}, 7],
  object: [null, 'x', [], 7],
};

/** The fixed catalog of a slot: wrong types, bounds ± 1, empty and huge texts, junk. */
export function catalogFor(schema: JsonSchema): { category: string; value: unknown }[] {
  const type = typeOf(schema);
  const out: { category: string; value: unknown }[] = [];
  const add = (category: string, ...values: unknown[]) =>
    values.forEach((value) => out.push({ category, value }));
  add('wrong type', ...(WRONG_TYPES[type ?? ''] ?? [null, 'x', 7, []]));
  add('nested junk', { a: { b: { c: [1, 'x', null, [[{}]]] } } });
  add('prototype keys', prototypeObject());
  if (type === 'string') {
    const min = schema.minLength ?? 0;
    const max = schema.maxLength;
    add('huge or empty string', '', '   ', 'x'.repeat(100_000));
    add('boundary ± 1', 'é'.repeat(min), ...(min > 0 ? ['é'.repeat(min - 1)] : []));
    if (max !== undefined)
      add('boundary ± 1', 'é'.repeat(max), 'é'.repeat(max + 1), '🐉'.repeat(Math.ceil(max / 2) + 1));
    if (schema.enum) add('boundary ± 1', ...schema.enum.map((e) => `${String(e).toUpperCase()} `));
    add('unicode', ...SWEPT_TEXTS.map((name) => SPECIAL_TEXTS[name]));
  }
  if (type === 'integer' || type === 'number') {
    const min = schema.minimum ?? -1e9;
    const max = schema.maximum ?? 1e9;
    // Past the bounds, and past what an int4 column or a double holds exactly.
    add('boundary ± 1', min - 1, min, max, max + 1, -0, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308);
  }
  if (type === 'array') {
    const item = exampleOf(schema.items ?? {});
    add(
      'boundary ± 1',
      Array.from({ length: (schema.maxItems ?? 100) + 1 }, () => structuredClone(item)),
    );
    add(
      'nested junk',
      Array.from({ length: 1000 }, () => null),
    );
  }
  if (type === 'object') {
    add('prototype keys', { ...(exampleOf(schema) as object), ...(prototypeObject() as object) });
    if (typeof schema.additionalProperties === 'object') {
      // A map's keys are user text too (a unit's characteristics are keyed by name).
      const entry = exampleOf(schema.additionalProperties);
      add('unicode', Object.fromEntries(Object.values(SPECIAL_TEXTS).map((key) => [key, entry])));
      add('huge or empty string', { '': entry, ['k'.repeat(10_000)]: entry });
    }
  }
  return out;
}

/** Any UTF-16 code unit, lone surrogates and NUL included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));

/** The random part: a value fast-check draws for a slot, biased toward what the slot's schema allows. */
export function arbitraryFor(schema: JsonSchema): fc.Arbitrary<{ category: string; value: unknown }> {
  const type = typeOf(schema);
  const tagged = (category: string, arb: fc.Arbitrary<unknown>) => arb.map((value) => ({ category, value }));
  const options: fc.Arbitrary<{ category: string; value: unknown }>[] = [
    tagged('nested junk', fc.jsonValue({ maxDepth: 4 })),
    tagged(
      'prototype keys',
      fc.constantFrom(...PROTOTYPE_KEYS).map((key) => JSON.parse(`{"${key}":{"x":1}}`)),
    ),
    tagged('unicode', fc.string({ unit: codeUnit, maxLength: 40 })),
  ];
  if (type === 'string') {
    const max = schema.maxLength ?? 200;
    options.push(
      tagged(
        'boundary ± 1',
        fc.integer({ min: Math.max(0, max - 1), max: max + 1 }).map((n) => 'ü'.repeat(n)),
      ),
      tagged('unicode', fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 })),
      tagged('unicode', fc.constantFrom(...Object.values(SPECIAL_TEXTS))),
    );
  }
  if (type === 'integer' || type === 'number') {
    const min = schema.minimum ?? -1e6;
    const max = schema.maximum ?? 1e6;
    options.push(
      tagged('boundary ± 1', fc.constantFrom(min - 1, max + 1, min, max)),
      tagged('wrong type', fc.double()),
      tagged(
        'boundary ± 1',
        fc.integer({ min: Math.max(-(2 ** 31), min - 2), max: Math.min(2 ** 31, max + 2) }),
      ),
    );
  }
  return fc.oneof(...options);
}
