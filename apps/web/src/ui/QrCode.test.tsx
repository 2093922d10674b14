import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QrCode } from './QrCode.tsx';

describe('QrCode', () => {
  it('draws each run of dark modules as one rectangle inside a four-module quiet zone', () => {
    const markup = renderToStaticMarkup(
      <QrCode rows={['110', '001', '111']} label="QR code for the app" size={120} />,
    );
    expect(markup).toContain('role="img"');
    expect(markup).toContain('aria-label="QR code for the app"');
    expect(markup).toContain('viewBox="0 0 11 11"');
    expect(markup).toContain('d="M4 4h2v1h-2zM6 5h1v1h-1zM4 6h3v1h-3z"');
  });

  it('draws nothing but the light background for an all-light code', () => {
    const markup = renderToStaticMarkup(<QrCode rows={['00', '00']} label="empty" />);
    expect(markup).toContain('d=""');
    expect(markup).toContain('width="200"');
  });
});
