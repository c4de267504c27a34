// Response serialization. Each route's zod response schema is compiled once into a "picker" that
// copies only the fields the schema declares (nothing undeclared can leak: password hashes, internal
// columns), and the result goes through the engine's native JSON.stringify. That costs a fraction of
// a zod encode, and beats fast-json-stringify on our long markdown strings (docs/benchmarks.md).
// With `verify` (tests), every answer is also encoded with zod, and any difference — or data that
// does not match its schema — fails the request, so the fast path is proven by the whole API suite.
import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

type Pick = (value: unknown) => unknown;
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
};

class Unsupported extends Error {}

const identity: Pick = (value) => value;
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
const isPrimitiveSchema = (schema: JsonSchema) =>
  [schema.type ?? []].flat().length > 0 && [schema.type ?? []].flat().every((t) => PRIMITIVE_TYPES.has(t));

/**
 * Compiles a JSON Schema (as zod writes it) into a function that keeps declared fields only. Objects
 * with declared properties get a generated object-literal builder: V8 gives the result a fixed
 * shape, which JSON.stringify walks far faster than objects built key by key. Keys come from our own
 * schemas, never from requests, and are embedded with JSON.stringify.
 */
export function compilePicker(schema: JsonSchema): Pick {
  if (schema.$ref || schema.allOf) throw new Unsupported('$ref/allOf');
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    if (branches.every(isPrimitiveSchema)) return identity;
    const objectBranch = branches.find((b) => b.type === 'object' || b.properties);
    const arrayBranch = branches.find((b) => b.type === 'array');
    const pickObject = objectBranch ? compilePicker(objectBranch) : identity;
    const pickArray = arrayBranch ? compilePicker(arrayBranch) : identity;
    return (value) =>
      Array.isArray(value) ? pickArray(value) : isPlainObject(value) ? pickObject(value) : value;
  }
  if (schema.type === 'array') {
    const pickItem = schema.items ? compilePicker(schema.items) : identity;
    return pickItem === identity
      ? (value) => (Array.isArray(value) ? value.slice() : value)
      : (value) => (Array.isArray(value) ? value.map(pickItem) : value);
  }
  if (schema.type === 'object' || schema.properties) {
    const declared = Object.entries(schema.properties ?? {});
    const extra = schema.additionalProperties;
    if (declared.length === 0 && typeof extra === 'object') return compileRecord(extra);
    if (declared.length === 0 && extra === true) return identity;
    const pickers = declared.map(([, sub]) => compilePicker(sub));
    const fields = declared.map(([key], i) => {
      const read = `v[${JSON.stringify(key)}]`;
      return `${JSON.stringify(key)}: ${pickers[i] === identity ? read : `p[${i}](${read})`}`;
    });
    const build = new Function('v', 'p', `return { ${fields.join(', ')} };`) as (
      value: Record<string, unknown>,
      picks: Pick[],
    ) => Record<string, unknown>;
    // Undefined (optional, absent) fields are dropped by JSON.stringify, as zod drops them.
    return (value) => (isPlainObject(value) ? build(value, pickers) : value);
  }
  return identity;
}

/** A record (`z.record`): every key is allowed; values are picked by their schema. */
function compileRecord(valueSchema: JsonSchema): Pick {
  // Every key is allowed and plain values hold nothing to filter: the record goes out as it is.
  if (isPrimitiveSchema(valueSchema)) return identity;
  const pickValue = compilePicker(valueSchema);
  return (value) => {
    if (!isPlainObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      // defineProperty: even a key named "__proto__" stays plain data.
      Object.defineProperty(out, key, { value: pickValue(value[key]), enumerable: true, writable: true });
    }
    return out;
  };
}

function isZodSchema(schema: unknown): schema is z.ZodType {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

type Serialize = (data: unknown) => string;

export function compileFast(schema: z.ZodType): Serialize | undefined {
  try {
    const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    const pick = compilePicker(jsonSchema as JsonSchema);
    return (data) => JSON.stringify(pick(data));
  } catch {
    return undefined; // a schema the picker cannot express: zod does the work instead
  }
}

function zodSerialize(schema: z.ZodType, where: string): Serialize {
  return (data) => {
    const result = z.safeEncode(schema, data as never);
    if (!result.success) {
      throw Object.assign(new Error(`response of ${where} does not match its schema`), {
        issues: result.error.issues,
      });
    }
    return JSON.stringify(result.data);
  };
}

export function createResponseSerializerCompiler(options: {
  verify: boolean;
}): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    const where = `${method} ${url} ${httpStatus}`;
    if (!isZodSchema(schema)) return (data) => JSON.stringify(data);
    const slow = zodSerialize(schema, where);
    const fast = compileFast(schema);
    if (!fast) return slow;
    if (!options.verify) return fast;
    return (data) => {
      const expected = slow(data);
      const actual = fast(data);
      if (actual !== expected && !isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new Error(`fast serializer differs from zod for ${where}:\n${actual}\n${expected}`);
      }
      return actual;
    };
  };
}
