import { LayoutView } from '../../blocks/render.tsx';
import type { Block } from '../../blocks/schema.ts';
import type { BlockData } from '../../ui/page-context.ts';

type ContentPageProps = { blocks: Block[]; data: BlockData; useCLDRMoneyFormat: boolean };

/** Home, About, Contact and any other page built from blocks. */
export function ContentPage({ blocks, data, useCLDRMoneyFormat }: ContentPageProps) {
  return (
    <div className="content-page">
      <LayoutView blocks={blocks} data={data} useCLDRMoneyFormat={useCLDRMoneyFormat} />
    </div>
  );
}
