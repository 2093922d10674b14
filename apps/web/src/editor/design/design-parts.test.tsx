import { type FontList, THEMES } from '@atelier/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ColourField, ColourPanel } from './ColourPicker.tsx';
import { FontPickerPanel } from './FontPicker.tsx';
import { ThemeCards } from './ThemeCards.tsx';

// The Design screen's parts as markup: the words SPEC §2 names, the state each shows and
// the ties between a control and what is said about it.

const list: FontList = {
  categories: [
    { id: 'sans-serif', label: 'Sans Serif' },
    { id: 'serif', label: 'Serif' },
    { id: 'display', label: 'Display' },
    { id: 'script', label: 'Script' },
    { id: 'slab-serif', label: 'Slab Serif' },
    { id: 'mono', label: 'Mono' },
    { id: 'other', label: 'Other' },
  ],
  families: [
    {
      id: 'inter',
      name: 'Inter',
      category: 'sans-serif',
      weights: [100, 400, 900],
      hasItalic: true,
      previewCss: '',
    },
    {
      id: 'lora',
      name: 'Lora',
      category: 'serif',
      weights: [400, 700],
      hasItalic: true,
      previewCss: '',
    },
  ],
};

describe('the font picker', () => {
  it('offers the search, both views and the seven categories, the chosen family checked', () => {
    const html = renderToStaticMarkup(
      <FontPickerPanel
        label="Headings"
        list={list}
        selected="lora"
        inGuide={['inter']}
        onPick={() => undefined}
      />,
    );
    for (const words of ['Search fonts', 'Browse all fonts', 'Fonts in Style Guide', '2 fonts']) {
      expect(html).toContain(words);
    }
    for (const category of list.categories) expect(html).toContain(`>${category.label}</option>`);
    expect(html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="lora"/);
    expect(html.match(/checked=""/g)).toHaveLength(1);
    expect(html).toContain('<legend class="visually-hidden">Headings font</legend>');
  });
});

describe('the colour picker', () => {
  it('names its button by the field and its value, and ties the error to it', () => {
    const html = renderToStaticMarkup(
      <ColourField
        label="Accent"
        value="#7a3e1d"
        error="Use a colour like #1d1b19"
        onChange={() => undefined}
      />,
    );
    const button = /<button[^>]*class="colour-field__button"[^>]*>/.exec(html)?.[0] ?? '';
    expect(button).toContain('aria-invalid="true"');
    const labelled = /aria-labelledby="([^"]+)"/.exec(button)?.[1]?.split(' ') ?? [];
    expect(labelled).toHaveLength(2);
    expect(html).toContain(`id="${labelled[1]}" class="colour-field__value">#7a3e1d</span>`);
    const errorId = /aria-describedby="([^"]+)"/.exec(button)?.[1];
    expect(html).toContain(`id="${errorId}">Use a colour like #1d1b19</p>`);
  });

  it('shows the formats SPEC names, sliders for each channel and the palette', () => {
    const html = renderToStaticMarkup(
      <ColourPanel
        label="Accent"
        value="#7a3e1d80"
        onChange={() => undefined}
        swatches={[{ label: 'Rust', value: '#7a3e1d' }]}
      />,
    );
    for (const format of ['Hex', 'RGB', 'HSL']) expect(html).toContain(`>${format}</button>`);
    expect(html.match(/type="range"/g)).toHaveLength(4);
    expect(html).toContain('aria-valuetext="50% opaque"');
    expect(html).toContain('value="#7a3e1d"');
    expect(html).toContain('aria-label="Rust #7a3e1d"');
  });
});

describe('the theme cards', () => {
  it('mark the current theme and offer the others by name', () => {
    const html = renderToStaticMarkup(
      <ThemeCards
        themes={Object.values(THEMES)}
        fonts={list}
        currentId="atelier"
        isChanged={false}
        isBusy={false}
        onUse={() => undefined}
      />,
    );
    expect(html).toContain('Current</span>');
    expect(html).toMatch(/disabled="">In use<\/button>/);
    for (const name of ['Minimal', 'Bold', 'Editorial'])
      expect(html).toContain(`>Use ${name}</button>`);
    // The sample's fonts are the theme's own, named in their faces.
    expect(html).toContain('font-family:&quot;Inter&quot;, sans-serif');
  });

  it('offer to start over when the current theme has changes', () => {
    const html = renderToStaticMarkup(
      <ThemeCards
        themes={Object.values(THEMES)}
        fonts={list}
        currentId="bold"
        isChanged
        isBusy={false}
        onUse={() => undefined}
      />,
    );
    expect(html).toContain('Current, with your changes');
    expect(html).toContain('>Start over from Bold</button>');
  });
});
