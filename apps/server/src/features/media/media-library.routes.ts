import {
  errorBodySchema,
  mediaFileSchema,
  mediaListQuerySchema,
  mediaListSchema,
  mediaParamsSchema,
  mediaRenameSchema,
  uploadedImageSchema,
} from '@atelier/contract';
import { formatMegabytes } from '@atelier/core';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCrumb } from '../../http/csrf.ts';
import { editorCallerOf, type RequireMember } from '../auth/member-guard.ts';
import { CONTENT_EDITORS } from '../editor/editor-pages.routes.ts';
import { DEFAULT_MAX_IMAGE_BYTES, readUpload } from './media.routes.ts';
import type { MediaService } from './media.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/**
 * The editor's file manager under /api/config/media: the same images as the API-key
 * upload, but for signed-in members (admins and editors), every write behind the crumb.
 */
export function registerMediaLibraryRoutes(
  app: FastifyInstance,
  deps: { media: MediaService; requireMember: RequireMember; maxImageBytes?: number },
) {
  const { media, requireMember } = deps;
  const maxImageBytes = deps.maxImageBytes ?? DEFAULT_MAX_IMAGE_BYTES;
  const editors = requireMember({ roles: CONTENT_EDITORS });
  const write = [requireCrumb, editors];
  const siteOf = (request: Parameters<typeof editorCallerOf>[0]) =>
    editorCallerOf(request).website.id;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/config/media',
    {
      preHandler: editors,
      schema: {
        tags: ['editor'],
        summary: 'Existing Files: uploaded images, newest first, a page at a time',
        querystring: mediaListQuerySchema,
        response: { 200: mediaListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return media.list(siteOf(request), request.query);
    },
  );

  api.patch(
    '/api/config/media/:mediaId',
    {
      preHandler: write,
      schema: {
        tags: ['editor'],
        summary: 'Rename a file (its name in the file manager; its URLs stay the same)',
        params: mediaParamsSchema,
        body: mediaRenameSchema,
        response: { 200: mediaFileSchema, ...errors },
      },
    },
    async (request) => media.rename(siteOf(request), request.params.mediaId, request.body.filename),
  );

  api.delete(
    '/api/config/media/:mediaId',
    {
      preHandler: write,
      schema: {
        tags: ['editor'],
        summary: 'Delete a file and its renditions; blocks that showed it show nothing',
        params: mediaParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await media.remove(siteOf(request), request.params.mediaId);
      return reply.status(204).send(null);
    },
  );

  // Multipart only in this scope, as for the API-key upload.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: maxImageBytes, files: 1, fields: 10, fieldSize: 10_000, parts: 11 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/config/media',
      {
        preHandler: write,
        schema: {
          tags: ['editor'],
          summary: 'Upload File: an image from the file manager',
          description:
            'multipart/form-data with `file` (JPEG, PNG, GIF, WebP or AVIF, recognised from its ' +
            `bytes, at most ${formatMegabytes(maxImageBytes)}) and optional \`altText\`.`,
          consumes: ['multipart/form-data'],
          response: {
            201: uploadedImageSchema,
            ...errors,
            413: errorBodySchema,
            415: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const upload = await readUpload(request, maxImageBytes);
        const image = await media.uploadImage({ websiteId: siteOf(request), ...upload });
        return reply.status(201).send(image);
      },
    );
  });
}
