import type { ProductList, SiteLayout } from '@atelier/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  collectionChoices,
  PickerSelect,
  productChoices,
  withCurrent,
} from './catalog-pickers.tsx';
import { ProductFields } from './product.fields.tsx';
import { SummaryFields } from './summary.fields.tsx';

const link = (
  kind: 'page' | 'folder' | 'collection' | 'link',
  title: string,
  fullUrl: string,
  children: SiteLayout['layout'][number]['links'] = [],
) => ({ kind, title, fullUrl, isHomePage: false, children });

describe('the product and summary pickers', () => {
  it('lists every collection of both navigations once, nested ones too, and no pages', () => {
    const layout: SiteLayout = {
      layout: [
        {
          identifier: 'mainNavigation',
          links: [
            link('page', 'Home', '/'),
            link('collection', 'Shop', '/shop'),
            link('folder', 'More', '/more', [link('collection', 'Journal', '/journal')]),
          ],
        },
        { identifier: '_hidden', links: [link('collection', 'Shop again', '/shop')] },
      ],
    };
    expect(collectionChoices(layout)).toEqual([
      { value: 'shop', label: 'Shop' },
      { value: 'journal', label: 'Journal' },
    ]);
  });

  it('names products by title and keeps a stored value that is no longer listed', () => {
    const list = {
      collection: { id: 'c', urlId: 'shop', title: 'Shop', description: '' },
      categories: [],
      products: [{ urlId: 'linen-throw', title: 'Linen throw' }],
    } as unknown as ProductList; // only the fields the picker reads
    const choices = productChoices(list);
    expect(choices).toEqual([{ value: 'linen-throw', label: 'Linen throw' }]);
    expect(withCurrent(choices, 'linen-throw')).toEqual(choices);
    expect(withCurrent(choices, 'old-mug')[0]).toEqual({
      value: 'old-mug',
      label: 'old-mug (not found)',
    });
    expect(withCurrent(choices, '')).toEqual(choices);
  });

  it('is a labelled select with the choices and the current one selected', () => {
    const markup = renderToStaticMarkup(
      <PickerSelect
        label="Product"
        placeholder="Choose a product"
        value="linen-throw"
        load={{ state: 'loaded', choices: [{ value: 'linen-throw', label: 'Linen throw' }] }}
        onChange={() => {}}
      />,
    );
    expect(markup).toMatch(/<label for="([^"]+)">Product<\/label><select id="\1"/);
    expect(markup).toContain('<option value="linen-throw" selected="">Linen throw</option>');
    const failed = renderToStaticMarkup(
      <PickerSelect
        label="Product"
        placeholder="Choose a product"
        value=""
        load={{ state: 'failed', message: 'This collection has no products.' }}
        onChange={() => {}}
      />,
    );
    expect(failed).toContain('role="alert">This collection has no products.</p>');
  });

  it('replaces the typed ids of both blocks, which keep their stored shape', () => {
    const product = renderToStaticMarkup(
      <ProductFields
        block={{
          type: 'product',
          version: 1,
          collectionUrlId: 'shop',
          productUrlId: 'linen-throw',
        }}
        onChange={() => {}}
      />,
    );
    expect(product).toContain('>Collection</label><select');
    expect(product).toContain('>Product</label><select');
    expect(product).not.toContain('Product URL');
    // The stored value shows while the list loads.
    expect(product).toContain(
      '<option value="linen-throw" selected="">linen-throw (not found)</option>',
    );
    const summary = renderToStaticMarkup(
      <SummaryFields
        block={{ type: 'summary', version: 1, collectionUrlId: 'shop', title: 'Latest', limit: 3 }}
        onChange={() => {}}
      />,
    );
    expect(summary).toContain('>Collection</label><select');
    expect(summary).not.toContain('Collection URL');
  });
});
