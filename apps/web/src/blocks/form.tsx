import type { BlockData, FormBlock, NewsletterBlock } from '@atelier/contract';
import { Island } from '../islands/Island.tsx';
import SiteForm from '../storefront/forms/SiteForm.island.tsx';

// Form block: one of the website's site forms, drawn on the server from the page's data
// (BlockData.forms) and hydrated by the SiteForm island for the submission flow. A form
// that was deleted, or not chosen yet, shows nothing to visitors.

export function FormBlockView({ block, data }: { block: FormBlock; data: BlockData }) {
  const form = block.formId ? data.forms?.[block.formId] : undefined;
  if (!form) return null;
  return (
    <Island
      name="SiteForm"
      component={SiteForm}
      className="block block--form"
      props={{
        form,
        variant: 'form' as const,
        title: block.title,
        description: block.description,
      }}
    />
  );
}

/** The newsletter block: the same island, compact, without the long form's notices. */
export function NewsletterBlockView({ block, data }: { block: NewsletterBlock; data: BlockData }) {
  const form = block.formId ? data.forms?.[block.formId] : undefined;
  if (!form) return null;
  return (
    <Island
      name="SiteForm"
      component={SiteForm}
      className="block block--newsletter"
      props={{
        form,
        variant: 'newsletter' as const,
        title: block.title,
        description: block.description,
        buttonLabel: block.buttonLabel,
        ...(block.listId && { mailingListId: block.listId }),
      }}
    />
  );
}
