import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Island } from './Island.tsx';
import { IslandIdContext, useIslandId } from './island-id.ts';

function EmailField({ label }: { label: string }) {
  const id = useIslandId('email');
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={`${id}-hint`} />
      <span id={`${id}-hint`}>We never share it.</span>
    </p>
  );
}

/** What the browser's fresh root for one island renders, given the base the page wrote. */
function asHydrated(idBase: string, label: string) {
  return renderToStaticMarkup(
    createElement(IslandIdContext.Provider, { value: idBase }, <EmailField label={label} />),
  );
}

describe('island ids', () => {
  it('gives each island on a page its own ids, the same ones its browser root makes', () => {
    // Nested and side by side, as a page puts islands at different depths.
    const page = renderToStaticMarkup(
      <main>
        <section>
          <Island name="SiteForm" component={EmailField} props={{ label: 'Email' }} />
        </section>
        <div>
          <div>
            <Island name="GiftCardForm" component={EmailField} props={{ label: 'Their email' }} />
          </div>
        </div>
      </main>,
    );
    const islands = [...page.matchAll(/data-id-base="([^"]+)"[^>]*>(.*?)<\/div>/g)];
    expect(islands).toHaveLength(2);
    const [first, second] = islands.map(([, idBase = '', html]) => ({ idBase, html }));
    expect(first?.idBase).not.toBe(second?.idBase);
    expect(first?.idBase).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
    expect(first?.html).toBe(asHydrated(first?.idBase ?? '', 'Email'));
    expect(second?.html).toBe(asHydrated(second?.idBase ?? '', 'Their email'));
    expect(first?.html).toContain(`id="${first?.idBase}-email"`);
  });

  it("falls back to React's own id outside an island", () => {
    const html = renderToStaticMarkup(<EmailField label="Email" />);
    const id = html.match(/<input id="([^"]+)"/)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`for="${id}"`);
  });
});
