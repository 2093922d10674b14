import { BlockView } from '../../blocks/render.tsx';
import type { Block } from '../../blocks/schema.ts';
import type { BlockData } from '../../ui/page-context.ts';

type ContentPageProps = { blocks: Block[]; data: BlockData; useCLDRMoneyFormat: boolean };

/** Home, About, Contact and any other page built from blocks. */
export function ContentPage({ blocks, data, useCLDRMoneyFormat }: ContentPageProps) {
  return (
    <div className="content-page">
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no ids until the editor adds them
        <BlockView key={index} block={block} data={data} useCLDRMoneyFormat={useCLDRMoneyFormat} />
      ))}
    </div>
  );
}
