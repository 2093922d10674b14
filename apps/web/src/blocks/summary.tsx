import type { BlockData, SummaryBlock } from '@atelier/contract';
import { ResponsiveImage } from '../ui/ResponsiveImage.tsx';

// Summary block: the latest items of a collection, each with its title, excerpt and first
// image, linking to the item. Server-safe.

/** Excerpts are stored as HTML fragments; the summary shows their text only. */
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

export function SummaryView({ block, data }: { block: SummaryBlock; data: BlockData }) {
  const items = (data.collections[block.collectionUrlId] ?? []).slice(0, block.limit);
  if (items.length === 0) return null;
  return (
    <section className="block block--summary" aria-label={block.title || 'Latest items'}>
      {block.title ? <h2>{block.title}</h2> : null}
      <ul className="summary-list">
        {items.map((item) => {
          const image = item.images[0];
          const excerpt = plain(item.excerpt || item.description).slice(0, 240);
          return (
            <li key={item.id} className="summary-list__item">
              {image ? (
                <ResponsiveImage image={image} sizes="(max-width: 432px) 100vw, 320px" />
              ) : null}
              <h3>
                <a href={item.fullUrl}>{item.title}</a>
              </h3>
              {excerpt ? <p>{excerpt}</p> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
