import {
  errorResponses,
  findUnsafeText,
  imageUploadFieldsSchema,
  sessionWriteCodes,
  signedInCodes,
  unsafeTextMessage,
  uploadedImageSchema,
} from '@atelier/contract';
import { editorMessages, formatMegabytes, megabytesToBytes } from '@atelier/core';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import { AppError, fail } from '../../http/errors.ts';
import type { MediaService } from './media.service.ts';

/** SPEC §9: 1 MB is 1,000,000 bytes. */
export const DEFAULT_MAX_IMAGE_BYTES = megabytesToBytes(20);
const MAX_FILENAME_LENGTH = 200;

/**
 * POST /api/media/images: one multipart `file` plus optional `altText`, `focalX`, `focalY`.
 * Multipart parsing is registered in this route's own scope so no other route accepts it.
 */
export function registerMediaRoutes(
  app: FastifyInstance,
  deps: { media: MediaService; requireApiKey: RequireApiKey; maxImageBytes?: number },
) {
  const { media, requireApiKey } = deps;
  const maxImageBytes = deps.maxImageBytes ?? DEFAULT_MAX_IMAGE_BYTES;

  app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: maxImageBytes, files: 1, fields: 10, fieldSize: 10_000, parts: 11 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/media/images',
      {
        // Media is scoped with products: an integration uploads images for its products.
        preValidation: requireApiKey({ can: 'files.upload', scope: { area: 'products' } }),
        schema: {
          tags: ['media'],
          summary: 'Upload an image; renditions from 100w up to its width are made at once',
          description:
            'multipart/form-data with `file` (JPEG, PNG, GIF, WebP or AVIF, recognised from ' +
            `its bytes, at most ${formatMegabytes(maxImageBytes)}), optional \`altText\`, and ` +
            '`focalX`/`focalY` from 0 to 1 (default 0.5). Needs an API key of an admin, editor ' +
            'or store manager.',
          consumes: ['multipart/form-data'],
          response: {
            201: uploadedImageSchema,
            ...errorResponses(signedInCodes, sessionWriteCodes, ['ROUTE_NOT_FOUND'], uploadCodes),
          },
        },
      },
      async (request, reply) => {
        const upload = await readUpload(request, maxImageBytes);
        const image = await media.uploadImage({
          websiteId: callerOf(request).website.id,
          ...upload,
        });
        return reply.status(201).send(image);
      },
    );
  });
}

/** What reading an upload can refuse, on both upload routes. */
export const uploadCodes = [
  'UPLOAD_FAILED',
  'UPLOAD_INCOMPLETE',
  'UPLOAD_TOO_MANY_PARTS',
  'FILE_TOO_LARGE',
  'FILE_UNSUPPORTED',
] as const;

export async function readUpload(request: FastifyRequest, maxImageBytes: number) {
  if (!request.isMultipart()) {
    throw fail(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the image as multipart/form-data in a field named file.',
    );
  }
  let file: { filename: string; bytes: Buffer } | undefined;
  const fields: Record<string, string> = {};
  let filename = 'image';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      filename = displayName(part.filename);
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file') file = { filename, bytes };
    }
  } catch (error) {
    throw uploadFailure(error, filename, maxImageBytes);
  }
  const unsafe = findUnsafeText(fields);
  if (unsafe)
    throw fail('REQUEST_INVALID', 'The request is not valid.', {
      [unsafe.join('.')]: unsafeTextMessage,
    });
  const parsed = imageUploadFieldsSchema.safeParse(fields);
  const errors: Record<string, string> = {};
  if (!file) errors.file = 'Choose an image to upload';
  for (const issue of parsed.error?.issues ?? []) {
    errors[issue.path.join('.') || 'body'] ??= issue.message;
  }
  if (!file || !parsed.success) throw fail('REQUEST_INVALID', 'The request is not valid.', errors);
  const { altText, focalX, focalY } = parsed.data;
  return {
    ...file,
    altText,
    focalPoint: { x: focalX ?? 0.5, y: focalY ?? 0.5 },
  };
}

/**
 * What the multipart reader refused, as the editor's upload messages (SPEC §8): a body
 * without a boundary or with a broken part is a failed upload (400), one cut off is an
 * upload that did not complete (400), and too much of anything is 413.
 */
function uploadFailure(error: unknown, filename: string, maxImageBytes: number): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return fail(
      'FILE_TOO_LARGE',
      editorMessages.fileTooLarge(filename, formatMegabytes(maxImageBytes)),
    );
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return fail(
      'UPLOAD_TOO_MANY_PARTS',
      `${editorMessages.unableToUploadFile} Send one file at a time.`,
    );
  }
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : '';
  if (code === 'FST_MP_PREMATURE_CLOSE' || /unexpected end/i.test(message)) {
    return fail('UPLOAD_INCOMPLETE', editorMessages.fileUploadIncomplete);
  }
  // Busboy's own refusals (no boundary, a malformed part header, a prototype field name)
  // carry no status: every one of them is a body that is not the multipart it claims.
  const status = (error as { statusCode?: unknown }).statusCode;
  if (status === undefined || status === 400 || status === 406) {
    return fail('UPLOAD_FAILED', editorMessages.unableToUploadFile);
  }
  return error;
}

/** The client's file name, only ever shown back to people: no folders, no control characters. */
function displayName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, MAX_FILENAME_LENGTH) || 'image';
}
