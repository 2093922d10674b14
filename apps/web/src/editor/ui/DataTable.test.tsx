import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type DataColumn, DataTable } from './DataTable.tsx';
import type { SortState } from './data-table.ts';

type Page = { id: string; title: string; status: string };
const pages: Page[] = Array.from({ length: 23 }, (_, i) => ({
  id: `p${i + 1}`,
  title: `Page ${i + 1}`,
  status: i % 2 === 0 ? 'Published' : 'Draft',
}));
const columns: DataColumn<Page>[] = [
  {
    key: 'title',
    header: 'Title',
    isRowHeader: true,
    sortValue: (p) => p.title,
    cell: (p) => p.title,
  },
  { key: 'status', header: 'Status', sortValue: (p) => p.status, cell: (p) => p.status },
  { key: 'id', header: 'Id', cell: (p) => p.id },
];

const render = (
  options: { page?: number; sort?: SortState; selected?: string[]; rows?: Page[] } = {},
) =>
  renderToStaticMarkup(
    <DataTable
      caption="All pages"
      rows={options.rows ?? pages}
      columns={columns}
      rowKey={(p) => p.id}
      rowLabel={(p) => p.title}
      defaultPage={options.page}
      defaultSort={options.sort ?? null}
      selection={
        options.selected
          ? {
              selected: new Set(options.selected),
              onChange: () => undefined,
              isSelectable: (p) => p.id !== 'p1',
            }
          : undefined
      }
    />,
  );

const rowTitles = (markup: string) =>
  [...markup.matchAll(/<th scope="row">([^<]+)<\/th>/g)].map((m) => m[1]);
const button = (markup: string, name: string) =>
  markup.match(new RegExp(`<button[^>]*>${name}</button>`))?.[0] ?? '';

describe('DataTable', () => {
  it('is named by its caption and shows the first page of rows', () => {
    const markup = render();
    expect(markup).toContain('<caption>All pages</caption>');
    expect(rowTitles(markup)).toEqual(pages.slice(0, 10).map((p) => p.title));
  });

  it('marks only the sorted column with aria-sort, and sorts the rows by it', () => {
    const markup = render({ sort: { key: 'title', direction: 'descending' } });
    expect(markup).toMatch(/<th scope="col" aria-sort="descending"><button[^>]*>Title/);
    expect(markup.match(/aria-sort=/g)).toHaveLength(1);
    // Text with numbers sorts by value: Page 23 first, then Page 22, …
    expect(rowTitles(markup).slice(0, 3)).toEqual(['Page 23', 'Page 22', 'Page 21']);
    // Sortable columns have a button; the other does not.
    expect(markup).toMatch(/<button type="button" class="ui-table__sort">Status/);
    expect(markup).toContain('<th scope="col">Id</th>');
  });

  it('pages with the spec labels: Rows per page, Page n, Previous and Next', () => {
    const first = render();
    expect(first).toMatch(/<label for="[^"]+">Rows per page<\/label>/);
    expect(first).toContain('>Page 1</span>');
    expect(button(first, 'Previous')).toContain('disabled=""');
    expect(button(first, 'Next')).not.toContain('disabled');

    const second = render({ page: 2 });
    expect(second).toContain('>Page 2</span>');
    expect(second).toContain('11–20 of 23');
    expect(button(second, 'Previous')).not.toContain('disabled');
    expect(rowTitles(second)[0]).toBe('Page 11');

    const last = render({ page: 3 });
    expect(last).toContain('>Page 3</span>');
    expect(button(last, 'Next')).toContain('disabled=""');
    expect(rowTitles(last)).toEqual(['Page 21', 'Page 22', 'Page 23']);
  });

  it('offers a labelled box per selectable row and a select-all box for the page', () => {
    const markup = render({ selected: ['p2', 'p3'] });
    expect(markup).toContain('aria-label="Select all rows on this page"');
    expect(markup).toMatch(/aria-label="Select Page 2" checked=""/);
    expect(markup).not.toMatch(/aria-label="Select Page 4" checked=""/);
    // Page 1 cannot be selected: no box at all.
    expect(markup).not.toContain('aria-label="Select Page 1"');
    expect(markup).toContain('<tr data-selected="true">');
  });

  it('checks select-all once every selectable row shown is selected', () => {
    const shown = pages.slice(1, 10).map((p) => p.id);
    const markup = render({ selected: shown });
    expect(markup).toMatch(
      /type="checkbox"[^>]*aria-label="Select all rows on this page" checked=""/,
    );
  });

  it('says so when there are no rows, with both page buttons disabled', () => {
    const markup = render({ rows: [] });
    expect(markup).toContain('Nothing here yet.');
    expect(markup).toContain('0–0 of 0');
    expect(button(markup, 'Previous')).toContain('disabled=""');
    expect(button(markup, 'Next')).toContain('disabled=""');
  });

  it('shows a short list whole, without a pager, when it is not paged', () => {
    const markup = renderToStaticMarkup(
      <DataTable
        caption="Top pages"
        rows={pages}
        columns={columns}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.title}
        isPaged={false}
      />,
    );
    expect(markup.match(/<tr/g)).toHaveLength(pages.length + 1);
    expect(markup).not.toContain('Rows per page');
    expect(markup).not.toContain('Next');
  });
});

describe('DataTable rows opened into their details', () => {
  it('draws a row’s details under it across every column, only for the rows opened', () => {
    const markup = renderToStaticMarkup(
      <DataTable
        caption="Inventory"
        rows={pages.slice(0, 3)}
        columns={columns}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.title}
        expanded={{ keys: new Set(['p2']), render: (p) => <p>Variants of {p.title}</p> }}
      />,
    );
    expect(markup.match(/class="ui-table__details"/g)).toHaveLength(1);
    expect(markup).toMatch(/<td colspan="3"><p>Variants of (<!-- -->)?Page 2<\/p><\/td>/i);
    // Right after its own row.
    expect(markup.indexOf('Variants of')).toBeGreaterThan(markup.indexOf('>Page 2<'));
    expect(markup.indexOf('Variants of')).toBeLessThan(markup.indexOf('>Page 3<'));
  });
});

describe('DataTable in server mode', () => {
  const serverRender = (state: {
    page: number;
    pageSize?: number;
    total: number;
    sort?: SortState;
  }) =>
    renderToStaticMarkup(
      <DataTable
        caption="Products"
        // The server's page 2 of 23 in pages of 10, in the server's order (not resorted).
        rows={pages.slice(10, 20).reverse()}
        columns={[
          {
            key: 'title',
            header: 'Title',
            isRowHeader: true,
            isSortable: true,
            cell: (p) => p.title,
          },
          { key: 'status', header: 'Status', cell: (p) => p.status },
        ]}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.title}
        pageSizes={[10, 25, 50, 100]}
        isBusy
        server={{
          sort: state.sort ?? { key: 'title', direction: 'ascending' },
          page: state.page,
          pageSize: state.pageSize ?? 10,
          total: state.total,
          onChange: () => undefined,
        }}
      />,
    );

  it('shows the rows as the server sent them, neither resorted nor cut again', () => {
    const markup = serverRender({ page: 2, total: 23 });
    expect(rowTitles(markup)).toEqual(
      pages
        .slice(10, 20)
        .reverse()
        .map((p) => p.title),
    );
    expect(markup).toContain('aria-busy="true"');
  });

  it('pages with the spec labels from the total, not from the rows it holds', () => {
    const second = serverRender({ page: 2, total: 23 });
    expect(second).toMatch(/<label for="[^"]+">Rows per page<\/label>/);
    expect(second).toContain('>Page 2</span>');
    expect(second).toContain('11–20 of 23');
    expect(button(second, 'Previous')).not.toContain('disabled');
    expect(button(second, 'Next')).not.toContain('disabled');
    const last = serverRender({ page: 3, total: 30 });
    expect(button(last, 'Next')).toContain('disabled=""');
    // The page sizes it was given, the chosen one selected.
    const sized = serverRender({ page: 1, pageSize: 25, total: 23 });
    expect(sized).toContain('<option value="100">100</option>');
    expect(sized).toContain('<option value="25" selected="">25</option>');
  });

  it('marks the server’s sort with aria-sort and offers a sort button on server-sortable columns', () => {
    const markup = serverRender({
      page: 1,
      total: 23,
      sort: { key: 'title', direction: 'descending' },
    });
    expect(markup).toMatch(/<th scope="col" aria-sort="descending"><button[^>]*>Title/);
    expect(markup).toContain('<th scope="col">Status</th>');
  });
});
