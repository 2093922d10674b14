import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AudioFields } from '../blocks/audio.fields.tsx';
import { CapabilitiesProvider } from '../capabilities.tsx';
import { FileManager, FileTile } from './FileManager.tsx';
import { acceptAttribute, kindOfUpload, listKindOf, uploadHint } from './file-kinds.ts';

/** Rendered as an editor who may upload, rename and delete. */
const asEditor = (node: ReactNode) =>
  renderToStaticMarkup(
    <CapabilitiesProvider capabilities={['files.read', 'files.upload', 'files.manage']}>
      {node}
    </CapabilitiesProvider>,
  );

describe("the file manager's accept filter", () => {
  it('takes only the kind a picker can use, by type or by name', () => {
    const pdf = { name: 'Size guide.PDF', type: 'application/pdf' };
    const mp3 = { name: 'theme.mp3', type: '' };
    const photo = { name: 'shop.jpg', type: 'image/jpeg' };
    expect(kindOfUpload(photo, 'image')).toBe('image');
    expect(kindOfUpload(pdf, 'image')).toBeUndefined();
    expect(kindOfUpload(mp3, 'audio')).toBe('audio');
    expect(kindOfUpload(pdf, 'audio')).toBeUndefined();
    expect(kindOfUpload(pdf, 'document')).toBe('document');
    expect(kindOfUpload({ name: 'prices.csv', type: 'text/csv' }, 'any')).toBe('document');
    expect(kindOfUpload(mp3, 'any')).toBe('audio');
    expect(kindOfUpload({ name: 'setup.exe', type: 'application/x-msdownload' }, 'any')).toBe(
      undefined,
    );
  });

  it('lists every kind for any and one kind otherwise', () => {
    expect(listKindOf('any')).toBeUndefined();
    expect(listKindOf('audio')).toBe('audio');
    expect(acceptAttribute('image')).not.toContain('application/pdf');
    expect(acceptAttribute('any')).toContain('application/pdf');
    expect(acceptAttribute('any')).toContain('audio/mpeg');
    expect(uploadHint('audio')).toBe('Audio: MP3, AAC, M4A, Ogg or WAV, up to 50 MB.');
    expect(uploadHint('image')).toBe('Images: JPEG, PNG, GIF, WebP or AVIF, up to 20 MB.');
  });

  it('puts the filter on the Upload File input and its hint', () => {
    const audio = asEditor(<FileManager accept="audio" />);
    expect(audio).toContain('accept="audio/mpeg,');
    expect(audio).not.toContain('image/jpeg');
    expect(audio).toContain('Audio: MP3, AAC, M4A, Ogg or WAV, up to 50 MB.');
    const images = asEditor(<FileManager />);
    expect(images).toContain('accept="image/jpeg,');
    expect(images).not.toContain('application/pdf');
  });

  it('leaves Upload File out for a member who may only look (a viewer)', () => {
    const markup = renderToStaticMarkup(
      <CapabilitiesProvider capabilities={['files.read']}>
        <FileManager isScreen accept="any" />
      </CapabilitiesProvider>,
    );
    expect(markup).toContain('Existing Files');
    expect(markup).not.toContain('Upload File');
  });

  it('opens the audio picker for a new audio block and keeps the typed address field', () => {
    const markup = asEditor(
      <AudioFields block={{ type: 'audio', version: 1, title: '', src: '' }} onChange={() => {}} />,
    );
    expect(markup).toContain('aria-expanded="true"');
    expect(markup).toContain('Close files');
    expect(markup).toContain('Audio: MP3, AAC, M4A, Ogg or WAV');
    expect(markup).toContain('Audio file address');
  });

  it('shows a document or a track as an icon, its name and size, and an image as a thumbnail', () => {
    const base = {
      id: '7c0c2f5e-1d2b-4f43-9d2a-5b1f2c3d4e5f',
      srcset: '',
      width: 0,
      height: 0,
      altText: '',
      focalPoint: { x: 0.5, y: 0.5 },
      colorData: {},
      createdAt: '2026-11-23T14:00:00.000Z',
    };
    const pdf = renderToStaticMarkup(
      <FileTile
        file={{
          ...base,
          kind: 'document',
          src: '/files/s/m/file.pdf',
          url: '/files/s/m/file.pdf',
          filename: 'size-guide.pdf',
          contentType: 'application/pdf',
          byteSize: 2048,
        }}
        isSelected
        onSelect={() => {}}
      />,
    );
    expect(pdf).not.toContain('<img');
    expect(pdf).toContain('<svg');
    expect(pdf).toContain('aria-pressed="true"');
    expect(pdf).toContain('>size-guide.pdf</span>');
    expect(pdf).toContain('>2 KB</span>');
    const photo = renderToStaticMarkup(
      <FileTile
        file={{
          ...base,
          kind: 'image',
          src: '/files/s/m/300.webp',
          srcset: '/files/s/m/100.webp 100w, /files/s/m/300.webp 300w',
          url: '/files/s/m/300.webp',
          width: 300,
          height: 200,
          filename: 'loom.png',
          contentType: 'image/webp',
          byteSize: 2048,
        }}
        isSelected={false}
        onSelect={() => {}}
      />,
    );
    expect(photo).toContain('<img src="/files/s/m/100.webp"');
    expect(photo).not.toContain('KB');
  });
});
