import { imageUploadFieldsSchema } from '@atelier/contract';
import type { SwaggerTransformObject } from '@fastify/swagger';
import {
  type createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The OpenAPI document's components.schemas, completed so every $ref in it resolves.
 *
 * fastify-type-provider-zod writes each schema with a `.meta({id})` as a $ref and fills
 * components.schemas from the zod registry. A recursive schema without an id (the navigation
 * tree, the rich-text node) comes out of zod as `__shared.definitions.schemaN`, referenced as
 * `#/components/schemas/__shared#/definitions/schemaN`: a pointer with a second `#` that no
 * OpenAPI tool resolves. Those definitions are hoisted to components of their own (`SharedN`,
 * `SharedNInput`) and every reference is rewritten to point at them.
 */
export function createOpenApiTransformObject(
  options: Parameters<typeof createJsonSchemaTransformObject>[0],
): SwaggerTransformObject {
  const base = createJsonSchemaTransformObject(options);
  return (input) => {
    const doc = base(input);
    // Swagger 2 has no components; this document is always OpenAPI 3 (set in app.ts).
    const schemas = (doc as { components?: { schemas?: Record<string, unknown> } }).components
      ?.schemas;
    if (!schemas) return doc;
    const renamed = new Map<string, string>();
    for (const key of Object.keys(schemas)) {
      const shared = /^__shared(Input)?$/.exec(key);
      if (!shared) continue;
      const suffix = shared[1] ?? '';
      const definitions = (schemas[key] as { definitions?: Record<string, unknown> }).definitions;
      for (const [name, schema] of Object.entries(definitions ?? {})) {
        const target = `Shared${name.replace(/^schema/, '')}${suffix}`;
        renamed.set(`#/components/schemas/${key}#/definitions/${name}`, target);
        // A shared definition that refers to a sibling does so relative to its own document.
        schemas[target] = rewriteRefs(schema, (ref) =>
          ref.startsWith('#/definitions/')
            ? `#/components/schemas/Shared${ref.slice('#/definitions/schema'.length)}${suffix}`
            : ref,
        );
      }
      delete schemas[key];
    }
    if (renamed.size === 0) return doc;
    return rewriteRefs(doc, (ref) => {
      const target = renamed.get(ref);
      return target ? `#/components/schemas/${target}` : ref;
    }) as typeof doc;
  };
}

function rewriteRefs(node: unknown, map: (ref: string) => string): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, map));
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' ? map(value) : rewriteRefs(value, map),
    ]),
  );
}

type SwaggerTransform = ReturnType<typeof createJsonSchemaTransform>;

/**
 * Upload routes read their multipart body themselves (a schema on `body` would make Fastify
 * validate a body that is a stream), so the document would show no request body at all.
 * For a route that consumes multipart/form-data and has no body schema, the document gets
 * the upload's fields: the `file` and the text fields of `imageUploadFieldsSchema`.
 */
export function withMultipartBodies(transform: SwaggerTransform): SwaggerTransform {
  const fields = z.toJSONSchema(imageUploadFieldsSchema, { target: 'openapi-3.0' }) as {
    properties?: Record<string, unknown>;
  };
  const multipartBody = {
    type: 'object',
    properties: {
      file: {
        type: 'string',
        format: 'binary',
        description: 'The file; its type is recognised from its bytes.',
      },
      ...fields.properties,
    },
    required: ['file'],
  };
  return (input) => {
    const output = transform(input);
    const consumes = (input.schema as { consumes?: unknown } | undefined)?.consumes;
    const isMultipart = Array.isArray(consumes) && consumes.includes('multipart/form-data');
    if (!isMultipart || (output.schema as { body?: unknown }).body) return output;
    return { ...output, schema: { ...output.schema, body: multipartBody } };
  };
}
