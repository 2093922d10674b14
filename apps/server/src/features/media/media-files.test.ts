import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp, testDialect } from '../../test/test-app.ts';
import { ownerClient } from '../auth/editor-client.ts';
import { sniffFileType } from './file-sniff.ts';

function fileBody(filename: string, data: Buffer, contentType: string) {
  const boundary = `----atelier${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The smallest PDF a reader opens: one empty page. */
const tinyPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

/** An ID3v2.4 tag with no frames, then one silent MPEG-1 layer III frame (128 kb/s, 44.1 kHz). */
const tinyMp3 = Buffer.concat([
  Buffer.from([0x49, 0x44, 0x33, 0x04, 0, 0, 0, 0, 0, 0]),
  Buffer.from([0xff, 0xfb, 0x90, 0x64]),
  Buffer.alloc(413),
]);

type MediaFile = { id: string; kind: string; url: string; src: string; contentType: string };

describe('sniffing documents and audio from their bytes', () => {
  it('recognises each accepted type and nothing from the name alone', () => {
    expect(sniffFileType(tinyPdf, 'x.bin')?.contentType).toBe('application/pdf');
    expect(sniffFileType(tinyMp3, 'x.bin')?.contentType).toBe('audio/mpeg');
    expect(sniffFileType(Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0]), 'x')?.kind).toBe('audio');
    expect(sniffFileType(Buffer.from([0xff, 0xf1, 0x50, 0x80, 0, 0]), 'x')?.contentType).toBe(
      'audio/aac',
    );
    expect(sniffFileType(Buffer.from('OggS\0\x02\0\0'), 'x')?.contentType).toBe('audio/ogg');
    const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]);
    expect(sniffFileType(wav, 'x')?.contentType).toBe('audio/wav');
    const m4a = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypM4A \0\0\0\0M4A isom'),
    ]);
    expect(sniffFileType(m4a, 'x')?.contentType).toBe('audio/mp4');
    expect(sniffFileType(Buffer.from('size,chest\nS,86\n'), 'sizes.csv')?.contentType).toBe(
      'text/csv',
    );
    expect(sniffFileType(Buffer.from('Menu: soup'), 'menu.pdf')?.contentType).toBe('text/plain');
    expect(sniffFileType(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1]), 'menu.pdf')).toBeUndefined();
    expect(sniffFileType(Buffer.from([0xc3, 0x28]), 'bad-utf8.txt')).toBeUndefined();
  });
});

describe(`documents and audio in the file manager (${testDialect})`, () => {
  it('stores a PDF, an MP3 and text as they came, lists them by kind and serves them safely', async () => {
    const t = await createTestApp();
    try {
      const owner = await ownerClient(t);
      const upload = async (name: string, data: Buffer, claimed: string) => {
        const body = fileBody(name, data, claimed);
        return owner.call('POST', '/api/config/media', body.payload, body.headers);
      };

      const pdfResponse = await upload('size-guide.pdf', tinyPdf, 'application/pdf');
      expect(pdfResponse.statusCode, pdfResponse.body).toBe(201);
      const pdf = pdfResponse.json() as MediaFile;
      expect(pdf).toMatchObject({ kind: 'document', contentType: 'application/pdf' });
      expect(pdf.url).toMatch(/^\/files\/[0-9a-f-]+\/[0-9a-f-]+\/file\.pdf$/);
      expect(pdf.src).toBe(pdf.url);

      const mp3Response = await upload('song.mp3', tinyMp3, 'audio/mpeg');
      expect(mp3Response.statusCode, mp3Response.body).toBe(201);
      const mp3 = mp3Response.json() as MediaFile;
      expect(mp3).toMatchObject({ kind: 'audio', contentType: 'audio/mpeg' });

      // HTML claiming to be a PDF is kept only as text, and served as a download.
      const disguised = await upload(
        'menu.pdf',
        Buffer.from('<script>alert(1)</script>'),
        'application/pdf',
      );
      expect(disguised.statusCode, disguised.body).toBe(201);
      const text = disguised.json() as MediaFile;
      expect(text).toMatchObject({ kind: 'document', contentType: 'text/plain' });

      const listed = async (kind: string) => {
        const response = await owner.call('GET', `/api/config/media?kind=${kind}`);
        expect(response.statusCode, response.body).toBe(200);
        return (response.json() as { files: MediaFile[] }).files.map((f) => f.id);
      };
      expect(await listed('audio')).toEqual([mp3.id]);
      expect(await listed('document')).toEqual([text.id, pdf.id]);
      // The demo seed's pictures are the only images.
      const images = await listed('image');
      expect(images.length).toBeGreaterThan(0);
      expect(images).not.toContain(pdf.id);
      expect(images).not.toContain(mp3.id);

      const served = await t.app.inject({ method: 'GET', url: pdf.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-disposition']).toBe('inline');
      expect(served.rawPayload.equals(tinyPdf)).toBe(true);

      const audio = await t.app.inject({ method: 'GET', url: mp3.url });
      expect(audio.headers['content-type']).toBe('audio/mpeg');
      expect(audio.headers['x-content-type-options']).toBe('nosniff');

      const download = await t.app.inject({ method: 'GET', url: text.url });
      expect(download.headers['content-type']).toMatch(/^text\/plain/);
      expect(download.headers['content-disposition']).toBe('attachment');
      expect(download.headers['x-content-type-options']).toBe('nosniff');

      // A binary file named like a PDF or an MP3 is refused with the spec's sentence.
      for (const name of ['invoice.pdf', 'track.mp3']) {
        const refused = await upload(
          name,
          Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
          'application/pdf',
        );
        expect(refused.statusCode).toBe(415);
        expect(refused.json().error).toBe(
          `The file ${name} does not appear to be a supported file`,
        );
      }

      // Documents have their own limit (20 MB); the message names the file and the limit.
      const bigPdf = Buffer.concat([tinyPdf, Buffer.alloc(20_000_001, 0x20)]);
      const tooLarge = await upload('catalogue.pdf', bigPdf, 'application/pdf');
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().error).toBe(
        'The file catalogue.pdf is too large. The maximum allowed file size is 20 MB',
      );

      // A document is never taken where an image is meant: a page's social image.
      const page = await owner.call('POST', '/api/config/pages', { title: 'Size guide' });
      expect(page.statusCode, page.body).toBe(201);
      const social = await owner.call('PATCH', `/api/config/pages/${page.json().id}`, {
        socialImageId: pdf.id,
      });
      expect(social.statusCode).toBe(400);

      // Deleting a document removes its file as for an image's renditions.
      expect((await owner.call('DELETE', `/api/config/media/${pdf.id}`)).statusCode).toBe(204);
      expect((await t.app.inject({ method: 'GET', url: pdf.url })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
