import {
  errorResponses,
  type MediaKind,
  mediaFileSchema,
  mediaListQuerySchema,
  mediaListSchema,
  mediaParamsSchema,
  mediaRenameSchema,
  sessionWriteCodes,
  signedInCodes,
} from '@atelier/contract';
import { formatMegabytes, megabytesToBytes } from '@atelier/core';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCrumb } from '../../http/csrf.ts';
import { editorCallerOf, type RequireMember } from '../auth/member-guard.ts';
import { DEFAULT_MAX_IMAGE_BYTES, readUpload, uploadCodes } from './media.routes.ts';
import type { MediaService } from './media.service.ts';

/** Documents (PDF, text, CSV) and audio have their own limits; images keep the API's 20 MB. */
export const DEFAULT_MAX_DOCUMENT_BYTES = megabytesToBytes(20);
export const DEFAULT_MAX_AUDIO_BYTES = megabytesToBytes(50);

const writeCodes = [...signedInCodes, ...sessionWriteCodes] as const;

/**
 * The editor's file manager under /api/config/media: the same images as the API-key
 * upload, but for signed-in members (admins and editors), every write behind the crumb.
 */
export function registerMediaLibraryRoutes(
  app: FastifyInstance,
  deps: {
    media: MediaService;
    requireMember: RequireMember;
    maxImageBytes?: number;
    maxDocumentBytes?: number;
    maxAudioBytes?: number;
  },
) {
  const { media, requireMember } = deps;
  const maxBytes: Record<MediaKind, number> = {
    image: deps.maxImageBytes ?? DEFAULT_MAX_IMAGE_BYTES,
    document: deps.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES,
    audio: deps.maxAudioBytes ?? DEFAULT_MAX_AUDIO_BYTES,
  };
  // The stream stops at the largest limit; the kind's own limit is checked once sniffed.
  const maxUploadBytes = Math.max(...Object.values(maxBytes));
  // Pages and products both need images: editors and store managers alike; a draft editor
  // uploads, and only those who may change live pages rename or delete (files.manage).
  const editors = requireMember({ can: 'files.read' });
  const upload = [requireCrumb, requireMember({ can: 'files.upload' })];
  const write = [requireCrumb, requireMember({ can: 'files.manage' })];
  const siteOf = (request: Parameters<typeof editorCallerOf>[0]) =>
    editorCallerOf(request).website.id;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/config/media',
    {
      preValidation: editors,
      schema: {
        tags: ['editor'],
        summary:
          'Existing Files: uploaded files (of one kind if asked), newest first, a page at a time',
        querystring: mediaListQuerySchema,
        response: { 200: mediaListSchema, ...errorResponses(signedInCodes) },
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
      preValidation: write,
      schema: {
        tags: ['editor'],
        summary:
          "Rename a file (its URLs stay the same) or set an image's alt text; what is left out stays",
        params: mediaParamsSchema,
        body: mediaRenameSchema,
        response: {
          200: mediaFileSchema,
          ...errorResponses(writeCodes, ['MEDIA_NOT_FOUND', 'FILE_NAME_MISSING']),
        },
      },
    },
    async (request) => media.rename(siteOf(request), request.params.mediaId, request.body),
  );

  api.delete(
    '/api/config/media/:mediaId',
    {
      preValidation: write,
      schema: {
        tags: ['editor'],
        summary: 'Delete a file and its renditions; blocks that showed it show nothing',
        params: mediaParamsSchema,
        response: { 204: z.null(), ...errorResponses(writeCodes, ['MEDIA_NOT_FOUND']) },
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
      limits: { fileSize: maxUploadBytes, files: 1, fields: 10, fieldSize: 10_000, parts: 11 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/config/media',
      {
        preValidation: upload,
        schema: {
          tags: ['editor'],
          summary: 'Upload File: an image, document or audio file from the file manager',
          description:
            'multipart/form-data with `file`, recognised from its bytes: an image (JPEG, PNG, ' +
            `GIF, WebP or AVIF, at most ${formatMegabytes(maxBytes.image)}), a document (PDF, ` +
            `plain text or CSV, at most ${formatMegabytes(maxBytes.document)}) or audio (MP3, ` +
            `AAC, M4A, Ogg or WAV, at most ${formatMegabytes(maxBytes.audio)}); optional ` +
            '`altText` for an image.',
          consumes: ['multipart/form-data'],
          response: {
            201: mediaFileSchema,
            ...errorResponses(writeCodes, uploadCodes),
          },
        },
      },
      async (request, reply) => {
        const upload = await readUpload(request, maxUploadBytes);
        const file = await media.uploadFile(
          { websiteId: siteOf(request), ...upload, altText: upload.altText ?? '' },
          maxBytes,
        );
        return reply.status(201).send(file);
      },
    );
  });
}
