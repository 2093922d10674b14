import { createReadStream } from 'node:fs';
import {
  applyThemeBodySchema,
  errorResponses,
  fontFileParamsSchema,
  fontListSchema,
  saveDesignBodySchema,
  sessionWriteCodes,
  signedInCodes,
  siteDesignSchema,
  styleGuideSchema,
  themeListSchema,
} from '@atelier/contract';
import type { FontLibrary } from '@atelier/fonts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCrumb } from '../../http/csrf.ts';
import { fail } from '../../http/errors.ts';
import { editorCallerOf, type RequireMember } from '../auth/member-guard.ts';
import { DESIGN_STYLESHEET, type DesignService, FONT_URL_BASE } from './design.service.ts';

/**
 * The Design screen's calls (issue 25): the style guide, the starting themes, the font
 * picker's list and a preview stylesheet, read by anyone who may see pages and changed
 * with design.edit; and the font files themselves, public, immutable, from our own host.
 */
export function registerDesignRoutes(
  app: FastifyInstance,
  deps: { design: DesignService; fonts: FontLibrary; requireMember: RequireMember },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readers = deps.requireMember({ can: 'pages.read' });
  const designers = deps.requireMember({ can: 'design.edit' });
  const tags = ['design'];

  api.get(
    '/api/site-design',
    {
      preValidation: readers,
      schema: {
        tags,
        summary: "The site's style guide, the theme it started from and its contrast warnings",
        response: { 200: siteDesignSchema, ...errorResponses(signedInCodes, ['ROUTE_NOT_FOUND']) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.design.get(editorCallerOf(request).website.id);
    },
  );

  api.put(
    '/api/site-design',
    {
      preValidation: [requireCrumb, designers],
      schema: {
        tags,
        summary: 'Save the whole style guide; every public page restyles at once',
        body: saveDesignBodySchema,
        response: {
          200: siteDesignSchema,
          ...errorResponses(signedInCodes, sessionWriteCodes, [
            'ROUTE_NOT_FOUND',
            'EDIT_CONFLICT',
            'FONT_UNKNOWN',
          ]),
        },
      },
    },
    async (request) => deps.design.save(editorCallerOf(request).website.id, request.body),
  );

  api.post(
    '/api/site-design/theme',
    {
      preValidation: [requireCrumb, designers],
      schema: {
        tags,
        summary: "Switch to a theme: its style guide replaces the site's; content is untouched",
        body: applyThemeBodySchema,
        response: {
          200: siteDesignSchema,
          ...errorResponses(signedInCodes, sessionWriteCodes, ['ROUTE_NOT_FOUND', 'EDIT_CONFLICT']),
        },
      },
    },
    async (request) => deps.design.applyTheme(editorCallerOf(request).website.id, request.body),
  );

  api.get(
    '/api/site-design/themes',
    {
      preValidation: readers,
      schema: {
        tags,
        summary: 'The starting designs, each a complete style guide',
        response: { 200: themeListSchema, ...errorResponses(signedInCodes, ['ROUTE_NOT_FOUND']) },
      },
    },
    async () => ({ themes: deps.design.themes() }),
  );

  api.get(
    '/api/site-design/fonts',
    {
      preValidation: readers,
      schema: {
        tags,
        summary: "The font picker's families by category, each with a preview face",
        response: { 200: fontListSchema, ...errorResponses(signedInCodes, ['ROUTE_NOT_FOUND']) },
      },
    },
    async (_request, reply) => {
      // The list changes only with a release of the product.
      reply.header('cache-control', 'private, max-age=3600');
      return deps.design.fontList();
    },
  );

  // Untyped reply: a stylesheet, which the editor's canvas frame links after the site's own.
  app.get(
    DESIGN_STYLESHEET,
    {
      preValidation: readers,
      schema: {
        tags,
        summary: "The site's design as the stylesheet public pages inline, for the editor's canvas",
        response: { ...errorResponses(signedInCodes, ['ROUTE_NOT_FOUND']) },
      },
    },
    async (request, reply) => {
      const { website } = editorCallerOf(request);
      const style = await deps.design.siteStyle(website.id, website.language);
      return reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(style.css);
    },
  );

  api.post(
    '/api/site-design/preview',
    {
      // Only those who may change the design try one out.
      preValidation: [requireCrumb, designers],
      schema: {
        tags,
        summary: "An unsaved style guide's stylesheet, for the Design screen's live preview",
        body: z.object({ styleGuide: styleGuideSchema }).strict(),
        response: {
          200: z.object({ css: z.string() }),
          ...errorResponses(signedInCodes, sessionWriteCodes, ['ROUTE_NOT_FOUND', 'FONT_UNKNOWN']),
        },
      },
    },
    async (request) => {
      const { website } = editorCallerOf(request);
      return { css: deps.design.previewStyle(request.body.styleGuide, website.language).css };
    },
  );

  // Untyped reply: the answer is the file's bytes, which no response schema describes.
  app.get<{ Params: z.infer<typeof fontFileParamsSchema> }>(
    `${FONT_URL_BASE}/:family/:version/:file`,
    {
      schema: {
        tags,
        summary: 'A web font file of the catalog, served from this host (immutable)',
        params: fontFileParamsSchema,
        response: { ...errorResponses(['ROUTE_NOT_FOUND']) },
      },
    },
    async (request, reply) => {
      const { family, version, file } = request.params;
      const path = deps.fonts.filePath(family, version, file);
      if (!path) throw fail('ROUTE_NOT_FOUND', 'No such font file');
      return reply
        .type('font/woff2')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(path));
    },
  );
}
