import {
  fontListSchema,
  type StyleGuide,
  siteDesignSchema,
  type ThemeId,
  themeListSchema,
} from '@atelier/contract';
import { z } from 'zod';
import { editorCall } from './client.ts';

// The Design screen's calls (issue 25, /api/site-design), beside client.ts.

const previewSchema = z.object({ css: z.string() });

export const designApi = {
  get: () => editorCall({ method: 'GET', path: '/api/site-design', response: siteDesignSchema }),
  save: (styleGuide: StyleGuide, version: number) =>
    editorCall({
      method: 'PUT',
      path: '/api/site-design',
      body: { styleGuide, version },
      response: siteDesignSchema,
    }),
  applyTheme: (themeId: ThemeId, version: number) =>
    editorCall({
      method: 'POST',
      path: '/api/site-design/theme',
      body: { themeId, version },
      response: siteDesignSchema,
    }),
  themes: () =>
    editorCall({ method: 'GET', path: '/api/site-design/themes', response: themeListSchema }),
  fonts: () =>
    editorCall({ method: 'GET', path: '/api/site-design/fonts', response: fontListSchema }),
  /** The stylesheet of an unsaved guide, for the live preview. */
  preview: (styleGuide: StyleGuide) =>
    editorCall({
      method: 'POST',
      path: '/api/site-design/preview',
      body: { styleGuide },
      response: previewSchema,
    }),
};
