import type { BlockData } from '@atelier/contract';
import type { ReactNode } from 'react';
import type { SectionBlock } from '../page-draft.ts';

/** A section on the canvas, drawn as the storefront draws it. */
export function SectionView({
  children,
}: {
  settings: SectionBlock | null;
  data: BlockData;
  children: ReactNode;
}) {
  return <div className="page-section">{children}</div>;
}
