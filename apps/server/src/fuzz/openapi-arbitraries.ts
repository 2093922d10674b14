import fc from 'fast-check';

// Arbitraries read from the served OpenAPI document, so a new route is fuzzed the day it
// is added. Each request is shaped like a valid one (so it reaches the service, the
// repository and the database rather than stopping at the first schema check) and then
// gets at most one mutation: a hostile leaf, a wrong type, a dropped or an unknown field.

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema objects are read structurally.
export type JsonSchema = Record<string, any>;
export type OpenApiDocument = {
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema> };
};

export type Operation = {
  method: string;
  path: string;
  parameters: {
    in: 'path' | 'query' | 'header';
    name: string;
    required: boolean;
    schema: JsonSchema;
  }[];
  body: { contentType: string; schema: JsonSchema } | undefined;
};

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = operation.requestBody?.content ?? {};
      const contentType = Object.keys(content)[0];
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters ?? []).map((p: JsonSchema) => ({
          in: p.in,
          name: p.name,
          required: p.required === true,
          schema: p.schema ?? {},
        })),
        body:
          contentType === undefined
            ? undefined
            : { contentType, schema: content[contentType].schema ?? {} },
      });
    }
  }
  return operations;
}

/** Values the fuzz has seen the server hand out, by the name that will ask for them. */
export type Known = {
  /** Every UUID seen in a response (minus those the harness protects). */
  ids: string[];
  /** Values for a parameter or property name: websiteId, collectionUrlId, slot… */
  byName: Record<string, string[]>;
};

const hostileStrings = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '',
  ' ',
  'x'.repeat(100_000),
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "'; drop table products; --",
  '%00',
  '\u202E\u200B',
  '𝄞🧵',
  '__proto__',
  'http://127.0.0.1:5432/',
  '00000000-0000-0000-0000-000000000000',
];

const hostileNumbers = [
  -1,
  0,
  2_147_483_648,
  2 ** 53,
  -(2 ** 53),
  1e308,
  -1e308,
  0.5,
  Number.MAX_SAFE_INTEGER + 2,
];

function deeplyNested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.constantFrom(...hostileNumbers),
  fc.constantFrom(null, true, false, [], {}, [[[]]], { __proto__: { polluted: true } }),
  fc.constant(Array.from({ length: 10_000 }, (_, i) => i)),
  fc.constant(deeplyNested(3_000)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.anything({ maxDepth: 3 }),
);

export class SchemaArbitraries {
  constructor(
    private readonly document: OpenApiDocument,
    private readonly known: Known,
  ) {}

  private resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops++) {
      const name = current.$ref.split('/').pop() as string;
      current = this.document.components.schemas[name] ?? {};
    }
    return current;
  }

  /** A value that follows the schema, with known ids and names where the field asks. */
  valid(schema: JsonSchema, name = '', depth = 0): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    const plain = this.validPlain(s, name, depth);
    return s.nullable === true
      ? fc.oneof({ weight: 4, arbitrary: plain }, fc.constant(null))
      : plain;
  }

  private validPlain(s: JsonSchema, name: string, depth: number): fc.Arbitrary<unknown> {
    if (depth > 6) return fc.constant(null);
    const variants: JsonSchema[] | undefined = s.anyOf ?? s.oneOf;
    if (variants && variants.length > 0) {
      return fc.oneof(...variants.map((v) => this.valid(v, name, depth + 1)));
    }
    if (Array.isArray(s.allOf) && s.allOf.length > 0) {
      const merged: JsonSchema = {};
      for (const part of s.allOf) Object.assign(merged, this.resolve(part));
      return this.valid(merged, name, depth + 1);
    }
    if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...s.enum);
    if (s.const !== undefined) return fc.constant(s.const);
    switch (s.type) {
      case 'string':
        return this.validString(s, name);
      case 'integer':
      case 'number': {
        const min = s.minimum ?? (s.exclusiveMinimum === true ? 1 : -1000);
        const max = s.maximum ?? 100_000;
        return s.type === 'integer'
          ? fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) })
          : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      }
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const items = s.items ?? {};
        return fc.array(this.valid(items, name, depth + 1), {
          minLength: s.minItems ?? 0,
          maxLength: Math.min(s.maxItems ?? 4, 4),
        });
      }
      case 'object':
      case undefined: {
        const properties: Record<string, JsonSchema> = s.properties ?? {};
        if (Object.keys(properties).length === 0) {
          if (s.type === undefined) return fc.anything({ maxDepth: 2 });
          return fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), {
            maxKeys: 3,
          });
        }
        const required: string[] = s.required ?? [];
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, child] of Object.entries(properties)) {
          record[key] = this.valid(child, key, depth + 1);
        }
        return fc.record(record, { requiredKeys: required.filter((k) => k in properties) });
      }
      default:
        return fc.anything({ maxDepth: 1 });
    }
  }

  private validString(s: JsonSchema, name: string): fc.Arbitrary<string> {
    const knownValues = this.known.byName[name] ?? [];
    const generated = this.generatedString(s, name);
    return knownValues.length > 0
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...knownValues) }, generated)
      : generated;
  }

  private generatedString(s: JsonSchema, name: string): fc.Arbitrary<string> {
    if (s.format === 'uuid') {
      return this.known.ids.length > 0
        ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...this.known.ids) }, fc.uuid())
        : fc.uuid();
    }
    if (s.format === 'email' || /email/i.test(name)) {
      return fc.oneof(fc.emailAddress(), fc.constant('ana@studio.photography'));
    }
    if (s.format === 'date-time')
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    if (s.format === 'uri' || /url$/i.test(name)) {
      return fc.oneof(fc.webUrl(), fc.constant('/shop'), fc.constant('https://example.com/a'));
    }
    if (typeof s.pattern === 'string') {
      try {
        return fc
          .stringMatching(new RegExp(s.pattern))
          .filter((v) => v.length <= (s.maxLength ?? 500));
      } catch {
        // A pattern JavaScript cannot compile is answered by a plain string below.
      }
    }
    const minLength = s.minLength ?? 0;
    const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 40, 40));
    return fc.string({ minLength, maxLength, unit: 'grapheme' });
  }

  /** A valid-shaped value with at most one mutation somewhere inside it. */
  mutated(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
    return mutatedFrom(this.valid(schema, name));
  }
}

/** Values of `base` (copied, so a shared example is never changed) with one mutation. */
export function mutatedFrom(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(base, fc.nat(), mutationArbitrary)
    .map(([value, at, mutation]) => mutate(structuredClone(value), at, mutation));
}

/** A parameter value meant to be refused: control characters, traversal, junk. */
export const hostileParameter: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...hostileStrings.filter((s) => s.length < 1000)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);

type Mutation =
  | { kind: 'none' }
  | { kind: 'replace'; with: unknown }
  | { kind: 'drop' }
  | { kind: 'extra'; key: string; with: unknown };

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Mutation>({ kind: 'none' }) },
  { weight: 5, arbitrary: hostileValue.map((v): Mutation => ({ kind: 'replace', with: v })) },
  { weight: 1, arbitrary: fc.constant<Mutation>({ kind: 'drop' }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('__proto__', 'constructor', 'unknownField', 'id', 'websiteId'),
        hostileValue,
      )
      .map(([key, v]): Mutation => ({ kind: 'extra', key, with: v })),
  },
);

/** Applies the mutation at the at-th node (in a depth-first walk) of a JSON value. */
export function mutate(value: unknown, at: number, mutation: Mutation): unknown {
  if (mutation.kind === 'none') return value;
  const nodes: { parent: unknown; key: string | number | undefined; node: unknown }[] = [];
  const walk = (node: unknown, parent: unknown, key: string | number | undefined) => {
    nodes.push({ parent, key, node });
    if (Array.isArray(node)) {
      node.forEach((child, i) => {
        walk(child, node, i);
      });
    } else if (node !== null && typeof node === 'object') {
      for (const [k, child] of Object.entries(node)) walk(child, node, k);
    }
  };
  walk(value, undefined, undefined);
  const target = nodes[at % nodes.length] as (typeof nodes)[number];
  if (mutation.kind === 'extra') {
    const host = nodes.filter(
      (n) => n.node !== null && typeof n.node === 'object' && !Array.isArray(n.node),
    );
    const object =
      host.length > 0 ? (host[at % host.length]?.node as Record<string, unknown>) : undefined;
    if (!object) return value;
    // defineProperty, so that '__proto__' becomes an own key as JSON.parse would make it.
    Object.defineProperty(object, mutation.key, {
      value: mutation.with,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return value;
  }
  if (target.parent === undefined) return mutation.kind === 'replace' ? mutation.with : undefined;
  const parent = target.parent as Record<string | number, unknown>;
  if (mutation.kind === 'drop') {
    if (Array.isArray(parent)) parent.splice(target.key as number, 1);
    else delete parent[target.key as string];
  } else {
    parent[target.key as string] = mutation.with;
  }
  return value;
}
