import type { Block, BlockData } from '@atelier/contract';
import { LayoutView } from '../../blocks/render.tsx';

// The server preloads a pictured first section with the sizes its view gives the image.
export { imageBlockSizes, sectionImageSizes } from '../../blocks/render.tsx';

type ContentPageProps = { blocks: Block[]; data: BlockData; useCLDRMoneyFormat: boolean };

/** Home, About, Contact and any other page built from blocks. */
export function ContentPage({ blocks, data, useCLDRMoneyFormat }: ContentPageProps) {
  return (
    <div className="content-page">
      <LayoutView blocks={blocks} data={data} useCLDRMoneyFormat={useCLDRMoneyFormat} />
    </div>
  );
}
