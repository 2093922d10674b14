import type { Block, BlockData } from '@atelier/contract';
import { LayoutView } from '../../blocks/render.tsx';

type ContentPageProps = { blocks: Block[]; data: BlockData; useCLDRMoneyFormat: boolean };

/** Home, About, Contact and any other page built from blocks. */
export function ContentPage({ blocks, data, useCLDRMoneyFormat }: ContentPageProps) {
  return (
    <div className="content-page">
      <LayoutView blocks={blocks} data={data} useCLDRMoneyFormat={useCLDRMoneyFormat} />
    </div>
  );
}
