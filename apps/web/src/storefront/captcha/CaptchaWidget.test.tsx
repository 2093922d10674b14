import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CaptchaWidget, captchaTexts } from './CaptchaWidget.tsx';

// The widget as the server renders it inside a form (before hydration): a labelled
// checkbox, a live status region, tucked away until the form has focus.

const render = (isBadgeVisible: boolean) =>
  renderToString(
    <CaptchaWidget
      scope="FORM_BLOCK_SUBMISSION"
      onSolved={() => {}}
      resetKey={0}
      isBadgeVisible={isBadgeVisible}
    />,
  );

describe('CaptchaWidget', () => {
  it('renders an unticked checkbox with its label and a polite live status', () => {
    const html = render(false);
    const checkbox = html.match(/<input[^>]*type="checkbox"[^>]*>/)?.[0] ?? '';
    expect(checkbox).not.toContain('checked');
    const id = checkbox.match(/id="([^"]+)"/)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`for="${id}"`);
    expect(html).toContain(captchaTexts.idle.replace("'", '&#x27;'));
    expect(html).toMatch(/role="status" aria-live="polite"/);
    expect(checkbox).toMatch(/aria-describedby="[^"]+-status"/);
  });

  it('is tucked away until a field of its form has focus, then shown', () => {
    expect(render(false)).toContain('captcha__box--tucked');
    expect(render(true)).not.toContain('captcha__box--tucked');
  });
});
