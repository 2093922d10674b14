import { findUnsafeText, unsafeTextMessage } from '@atelier/contract';
import type { FastifySchemaCompiler } from 'fastify';

// Every route's body, query and parameters pass through the zod validator compiler, so
// the safe-text rule (packages/contract/src/text.ts) is applied here once for every
// schema, before zod runs, rather than written into each of a few hundred string fields.
// The failure has the zod provider's shape, so the one error handler answers it as any
// other field error: 400 with the field's path.
const zodIssue = Symbol.for('ZodFastifySchemaValidationError');

export function withSafeText<S>(compile: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = compile(route);
    return (data: unknown) => {
      const path = findUnsafeText(data);
      if (path === undefined) return validate(data);
      return {
        error: [
          {
            [zodIssue]: true,
            keyword: 'custom',
            instancePath: `/${path.join('/')}`,
            schemaPath: `#/${path.join('/')}/custom`,
            message: unsafeTextMessage,
            params: {},
          },
        ],
      } as unknown as ReturnType<typeof validate>; // the issue shape zod's provider uses
    };
  };
}
