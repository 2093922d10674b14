import { isLightByLuminance, parseHex, type Rgb, toHex } from '../colour/colour';
import { AA_BODY_TEXT, AA_LARGE_TEXT, contrastRatio, mix } from '../colour/contrast';

// A style guide as CSS (issue 25): custom properties on :root that the site's one
// stylesheet reads, and one rule per palette colour for sections painted with it. No
// CSS-in-JS runs on a public page; this text is made once per save and cached.

type Hex = string;
/** The style guide's shape (contract's styleGuideSchema, which core cannot import). */
export interface StyleGuideInput {
  palette: Record<string, { label: string; value: Hex }>;
  colours: { background: Hex; text: Hex; accent: Hex; sale: Hex; header: Hex };
  fonts: Record<'heading' | 'body' | 'button', { family: string; weight: number }>;
  type: {
    baseSize: number;
    scale: number;
    headingCase: 'none' | 'uppercase';
    headingTracking: number;
  };
  spacing: number;
  radius: number;
  contentWidth: number;
  buttons: {
    shape: 'square' | 'rounded' | 'pill';
    fill: 'solid' | 'outline';
    textCase: 'none' | 'uppercase';
  };
  links: { underline: 'always' | 'hover' | 'never' };
}

const WHITE: Rgb = { r: 255, g: 255, b: 255, a: 1 };
const BLACK: Rgb = { r: 0, g: 0, b: 0, a: 1 };

/** '#rrggbb' or '#rrggbbaa' (the schema checked it); black when it is not a colour at all. */
export function rgbOf(hex: Hex): Rgb {
  const alpha = hex.length === 9 ? Number.parseInt(hex.slice(7), 16) / 255 : 1;
  const parsed = parseHex(hex.slice(0, 7));
  return parsed.ok ? { ...parsed.value, a: Math.round(alpha * 1000) / 1000 } : BLACK;
}

const css = (rgb: Rgb) => (rgb.a < 1 ? `rgb(${rgb.r} ${rgb.g} ${rgb.b} / ${rgb.a})` : toHex(rgb));

/** Text that reads on `background`: the guide's own text colour when it passes AA, else white or near-black. */
function textOn(background: Rgb, preferred: Rgb): Rgb {
  if (contrastRatio(preferred, background) >= AA_BODY_TEXT) return preferred;
  return isLightByLuminance(background) ? { r: 29, g: 27, b: 25, a: 1 } : WHITE;
}

/** The colours a surface's text uses: body, muted (a mix toward the background), links, hairlines. */
function inkOn(background: Rgb, guide: StyleGuideInput) {
  const text = textOn(background, rgbOf(guide.colours.text));
  const accent = rgbOf(guide.colours.accent);
  // A link must read too: the accent when it does, else the text colour.
  const link = contrastRatio(accent, background) >= AA_BODY_TEXT ? accent : text;
  let muted = mix(text, background, 0.72);
  // Muted text still meets AA: pull it back toward the text until it does.
  for (let weight = 0.78; contrastRatio(muted, background) < AA_BODY_TEXT && weight <= 1; ) {
    muted = mix(text, background, weight);
    weight += 0.06;
  }
  return { text, link, muted, line: mix(text, background, 0.14) };
}

const ratioOf = (text: Rgb, background: Rgb) =>
  Math.round(contrastRatio(text, background) * 100) / 100;

export type ContrastFinding = {
  pairing: string;
  foreground: string;
  background: string;
  ratio: number;
  required: number;
};

/**
 * The pairings of the guide's own choices that fail WCAG AA. Section and header text
 * is chosen to pass by itself, so what can fail is what the owner set side by side: text,
 * links and sale prices on the page, and button text on the accent.
 */
export function contrastFindings(guide: StyleGuideInput): ContrastFinding[] {
  const checks: [string, Hex, Hex, number][] = [
    ['Text on the page', guide.colours.text, guide.colours.background, AA_BODY_TEXT],
    ['Links and accents on the page', guide.colours.accent, guide.colours.background, AA_BODY_TEXT],
    ['Sale prices on the page', guide.colours.sale, guide.colours.background, AA_BODY_TEXT],
  ];
  const findings: ContrastFinding[] = [];
  for (const [pairing, fg, bg, required] of checks) {
    const ratio = ratioOf(rgbOf(fg), rgbOf(bg));
    if (ratio < required)
      findings.push({ pairing, foreground: fg, background: bg, ratio, required });
  }
  const accent = rgbOf(guide.colours.accent);
  if (guide.buttons.fill === 'solid') {
    const buttonText = buttonInkOf(accent, guide);
    const ratio = ratioOf(buttonText, accent);
    if (ratio < AA_LARGE_TEXT) {
      findings.push({
        pairing: 'Button text on the accent',
        foreground: toHex(buttonText),
        background: guide.colours.accent,
        ratio,
        required: AA_LARGE_TEXT,
      });
    }
  }
  return findings;
}

/** Button text on a solid accent: white or near-black, whichever reads better. */
function buttonInkOf(accent: Rgb, guide: StyleGuideInput): Rgb {
  const dark = textOn(WHITE, rgbOf(guide.colours.text));
  return contrastRatio(WHITE, accent) >= contrastRatio(dark, accent) ? WHITE : dark;
}

/**
 * The guide as CSS: :root's custom properties (site.css holds the defaults, equal to the
 * Atelier theme) and each palette colour's section rule. `fontStack` names a family's
 * stack (web font, metric-matched fallback, generic).
 */
export function styleGuideCss(
  guide: StyleGuideInput,
  fontStack: (family: string) => string,
): string {
  const page = rgbOf(guide.colours.background);
  const onPage = inkOn(page, guide);
  const header = rgbOf(guide.colours.header);
  const onHeader = inkOn(header, guide);
  const accent = rgbOf(guide.colours.accent);
  const scale = guide.type.scale;
  const size = (steps: number) => `${(scale ** steps).toFixed(4).replace(/0+$/, '')}rem`;
  // h1 and h2 grow with the window from a phone size one step smaller.
  const fluid = (steps: number) =>
    `clamp(${size(steps - 1)}, ${((scale ** steps - scale ** (steps - 1)) / 2 + scale ** (steps - 1)).toFixed(3)}rem + 0.6vw, ${size(steps)})`;
  const radius = `${guide.radius}px`;
  const buttonRadius =
    guide.buttons.shape === 'pill' ? '999px' : guide.buttons.shape === 'square' ? '0' : radius;
  const isOutline = guide.buttons.fill === 'outline';
  const root: [string, string][] = [
    ['--paper', css(page)],
    ['--ink', css(onPage.text)],
    ['--muted', css(onPage.muted)],
    ['--line', css(onPage.line)],
    ['--accent', css(onPage.link)],
    ['--accent-fill', css(accent)],
    ['--accent-ink', css(buttonInkOf(accent, guide))],
    ['--sale', guide.colours.sale],
    ['--header-bg', css(header)],
    ['--header-ink', css(onHeader.text)],
    ['--header-muted', css(onHeader.muted)],
    ['--radius', radius],
    ['--max', `${guide.contentWidth}px`],
    ['--font-sans', fontStack(guide.fonts.body.family)],
    ['--font-heading', fontStack(guide.fonts.heading.family)],
    ['--font-button', fontStack(guide.fonts.button.family)],
    ['--weight-body', String(guide.fonts.body.weight)],
    ['--weight-heading', String(guide.fonts.heading.weight)],
    ['--weight-button', String(guide.fonts.button.weight)],
    ['--text-base', `${Math.max(16, guide.type.baseSize) / 16}rem`],
    ['--text-base-wide', `${guide.type.baseSize / 16}rem`],
    ['--text-h4', size(1)],
    ['--text-h3', size(2)],
    ['--text-h2', fluid(3)],
    ['--text-h1', fluid(4)],
    ['--heading-case', guide.type.headingCase],
    ['--heading-tracking', `${guide.type.headingTracking}em`],
    ['--space', `${(1.6 * guide.spacing).toFixed(3)}rem`],
    ['--section-scale', String(guide.spacing)],
    ['--button-radius', buttonRadius],
    ['--button-bg', isOutline ? 'transparent' : css(accent)],
    ['--button-ink', isOutline ? css(onPage.link) : css(buttonInkOf(accent, guide))],
    ['--button-border', isOutline ? css(onPage.link) : 'transparent'],
    ['--button-case', guide.buttons.textCase],
    ['--link-decoration', guide.links.underline === 'always' ? 'underline' : 'none'],
    ['--link-hover-decoration', guide.links.underline === 'never' ? 'none' : 'underline'],
  ];
  for (const [name, { value }] of Object.entries(guide.palette)) {
    root.push([`--section-${name}`, css(rgbOf(value))]);
  }
  const rules = [`:root{${root.map(([k, v]) => `${k}:${v}`).join(';')}}`];
  // `--ink` stays as it is: it is the text of white surfaces (badges, fields) in any section.
  for (const [name, { value }] of Object.entries(guide.palette)) {
    const background = rgbOf(value);
    const ink = inkOn(background, guide);
    const props: [string, string][] = [
      ['color', css(ink.text)],
      ['--muted', css(ink.muted)],
      ['--accent', css(ink.link)],
      ['--line', css(ink.line)],
      ['--sale', css(textOn(background, rgbOf(guide.colours.sale)))],
    ];
    // A solid button the section's own colour would vanish: it takes the section's link colour.
    if (isOutline) {
      props.push(['--button-ink', css(ink.link)], ['--button-border', css(ink.link)]);
    } else if (contrastRatio(accent, background) < AA_LARGE_TEXT) {
      props.push(['--button-bg', css(ink.link)], ['--button-ink', css(textOn(ink.link, WHITE))]);
    }
    const ring = isLightByLuminance(background) ? '#1a5fb4' : '#ffffff';
    rules.push(
      `.page-section--bg-${name}{${props.map(([k, v]) => `${k}:${v}`).join(';')}}`,
      `.page-section--bg-${name} :focus-visible{outline-color:${ring}}`,
    );
  }
  return rules.join('\n');
}
