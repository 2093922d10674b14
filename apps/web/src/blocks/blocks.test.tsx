import type { Image } from '@atelier/contract';
import {
  type Block,
  blockSchema,
  countBlocks,
  newSectionBlock,
  parseVideoUrl,
  splitSections,
} from '@atelier/contract';
import { videoMessages } from '@atelier/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BlockView, LayoutView } from './render.tsx';

const noData = { media: {}, collections: {} };
const html = (block: Block, data = noData) =>
  renderToStaticMarkup(<BlockView block={block} data={data} useCLDRMoneyFormat={false} />);
const parse = (block: unknown) => blockSchema.safeParse(block);

describe('the video block', () => {
  it('turns YouTube and Vimeo links into their privacy-friendly players', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
    ]) {
      expect(parseVideoUrl(url)?.embedUrl, url).toBe(
        'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
      );
    }
    expect(parseVideoUrl('https://vimeo.com/76979871')?.embedUrl).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1',
    );
    expect(parseVideoUrl('https://vimeo.com/channels/staffpicks/76979871')?.id).toBe('76979871');
  });

  it('refuses other links with a message that says what works', () => {
    for (const url of [
      'https://example.com/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)',
      'https://www.youtube.com/watch?v=short',
      'https://vimeo.com/about',
      'not a link',
    ]) {
      expect(parseVideoUrl(url), url).toBeNull();
    }
    const refused = parse({
      type: 'video',
      version: 1,
      url: 'https://example.com/a.mp4',
      title: '',
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(videoMessages.unsupported);
  });

  it('renders a play button and no frame, so nothing loads from the provider before a click', () => {
    const markup = html({
      type: 'video',
      version: 1,
      url: 'https://youtu.be/dQw4w9WgXcQ',
      title: 'Our loom',
    });
    expect(markup).toContain('Play video: Our loom');
    expect(markup).not.toContain('<iframe');
    expect(markup).toContain('data-island="VideoFacade"');
  });
});

describe('code, audio, social links, spacer and line', () => {
  it('shows code as text, never as markup', () => {
    const markup = html({
      type: 'code',
      version: 1,
      code: '<script>alert("x")</script>',
      language: 'html',
    });
    expect(markup).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(markup).not.toContain('<script>');
  });

  it('refuses script and data addresses in audio and social links', () => {
    expect(
      parse({ type: 'audio', version: 1, title: 'A', src: 'javascript:alert(1)' }).success,
    ).toBe(false);
    expect(parse({ type: 'audio', version: 1, title: 'A', src: '/files/a.mp3' }).success).toBe(
      true,
    );
    const profile = (profileUrl: string) => ({
      type: 'social-links',
      version: 1,
      profiles: [{ serviceName: 'X', profileUrl }],
    });
    expect(parse(profile('data:text/html,hi')).success).toBe(false);
    expect(parse(profile('https://mastodon.social/@atelier')).success).toBe(true);
  });

  it('renders audio with its title and the player, spacer height, and a line', () => {
    expect(html({ type: 'audio', version: 1, title: 'Rain', src: '/files/rain.mp3' })).toContain(
      '<audio controls="" preload="none" src="/files/rain.mp3" aria-label="Rain">',
    );
    expect(html({ type: 'spacer', version: 1, height: 64 })).toContain('height:64px');
    expect(html({ type: 'line', version: 1 })).toBe('<hr class="block block--line"/>');
    expect(parse({ type: 'spacer', version: 1, height: 4000 }).success).toBe(false);
  });
});

describe('sections', () => {
  const heading = (text: string): Block => ({ type: 'heading', version: 1, text, level: 2 });
  const SECTION: Block = newSectionBlock();

  it('split a layout and do not count as blocks', () => {
    const blocks = [heading('A'), SECTION, heading('B'), heading('C')];
    expect(splitSections(blocks).map((s) => s.length)).toEqual([1, 2]);
    expect(countBlocks(blocks)).toBe(3);
  });

  it('render as one wrapper per non-empty section', () => {
    const markup = renderToStaticMarkup(
      <LayoutView
        blocks={[SECTION, heading('A'), SECTION, SECTION, heading('B')]}
        data={noData}
        useCLDRMoneyFormat={false}
      />,
    );
    expect(markup.match(/class="page-section /g)).toHaveLength(2);
  });
});

describe('the gallery block', () => {
  const image = (id: string): Image => ({
    id,
    src: `/files/w/${id}/1000.webp`,
    srcset: `/files/w/${id}/500.webp 500w`,
    width: 1000,
    height: 750,
    altText: `Photo ${id}`,
    focalPoint: { x: 0.5, y: 0.5 },
  });
  const ids = ['6d1f3f43-3d9f-4b3c-9a55-1f0f6c1e0a01', '6d1f3f43-3d9f-4b3c-9a55-1f0f6c1e0a02'];
  const data = { media: Object.fromEntries(ids.map((id) => [id, image(id)])), collections: {} };

  it('shows its images as plain HTML without a lightbox, and as an island with one', () => {
    const plain = html({ type: 'gallery', version: 1, mediaIds: ids, options: {} }, data);
    expect(plain).not.toContain('data-island');
    expect(plain.match(/<img/g)).toHaveLength(2);
    const withLightbox = html(
      { type: 'gallery', version: 1, mediaIds: ids, options: { lightbox: true } },
      data,
    );
    expect(withLightbox).toContain('data-island="GalleryLightbox"');
    expect(withLightbox).toContain('aria-label="Open image 1 of 2: Photo');
  });

  it('takes its layout from core’s gallery options, clamped', () => {
    const markup = html(
      {
        type: 'gallery',
        version: 1,
        mediaIds: ids,
        options: { design: 'stacked', 'thumbnails-per-row': 99, padding: -5 },
      },
      data,
    );
    expect(markup).toContain('gallery--stacked');
    expect(markup).toContain('--gallery-columns:10');
    expect(markup).toContain('--gallery-gap:0px');
  });
});

describe('images are described and never upscaled (issue 29)', () => {
  const mediaId = '6d1f3f43-3d9f-4b3c-9a55-1f0f6c1e0a09';
  const small: Image = {
    id: mediaId,
    src: `/files/w/${mediaId}/800.webp`,
    srcset: `/files/w/${mediaId}/500.webp 500w, /files/w/${mediaId}/800.webp 800w`,
    width: 800,
    height: 600,
    altText: 'The file’s own description',
    focalPoint: { x: 0.5, y: 0.5 },
  };
  const data = { media: { [mediaId]: small }, collections: {} };
  const imageBlock = (fields: object = {}): Block => ({
    type: 'image',
    version: 1,
    mediaId,
    ...fields,
  });

  it('draws an 800 px upload at most 800 px wide, and asks for no wider rendition', () => {
    const markup = html(imageBlock(), data);
    expect(markup).toContain('<figure class="block block--image" style="max-width:800px">');
    expect(markup).toContain('style="max-width:min(100%, 800px)"');
    expect(markup).toContain('sizes="(max-width: 1100px) 100vw, 800px"');
  });

  it('uses the block’s alt text, else the file’s, and alt="" when decorative', () => {
    expect(html(imageBlock(), data)).toContain('alt="The file’s own description"');
    expect(html(imageBlock({ altText: 'A linen shirt on a hook' }), data)).toContain(
      'alt="A linen shirt on a hook"',
    );
    const decorative = html(imageBlock({ altText: 'Ignored', isDecorative: true }), data);
    expect(decorative).toContain('alt=""');
    expect(decorative).not.toContain('Ignored');
    // Blocks stored before these fields existed still read.
    expect(parse(imageBlock()).success).toBe(true);
    expect(parse(imageBlock({ altText: 'x'.repeat(301) })).success).toBe(false);
  });

  it('gives each gallery image its own alt text, empty for a decorative one', () => {
    const second = '6d1f3f43-3d9f-4b3c-9a55-1f0f6c1e0a0a';
    const both = {
      media: { [mediaId]: small, [second]: { ...small, id: second } },
      collections: {},
    };
    const markup = html(
      {
        type: 'gallery',
        version: 1,
        mediaIds: [mediaId, second],
        options: {},
        altTexts: { [mediaId]: 'Flax drying in the sun', [second]: '' },
      },
      both,
    );
    const alts = [...markup.matchAll(/<img[^>]* alt="([^"]*)"/g)].map((match) => match[1]);
    expect(alts).toEqual(['Flax drying in the sun', '']);
    expect(markup.match(/max-width:min\(100%, 800px\)/g)).toHaveLength(2);
  });

  it('lets a section background cover its band whatever its size', () => {
    const markup = renderToStaticMarkup(
      <LayoutView
        blocks={[
          { ...newSectionBlock(), background: { kind: 'image', mediaId, overlay: 'medium' } },
          { type: 'heading', version: 1, text: 'Over the image', level: 2 },
        ]}
        data={data}
        useCLDRMoneyFormat={false}
      />,
    );
    expect(markup).toContain('class="page-section__image"');
    expect(markup).not.toContain('800px');
  });
});
