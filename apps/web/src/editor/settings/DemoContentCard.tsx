import type { DemoContentCounts, DemoContentKept, DemoContentPreview } from '@atelier/contract';
import { useEffect, useState } from 'react';
import { api, errorText } from '../api/client.ts';
import { Button, Card, ConfirmDialog, useToast } from '../ui/index.ts';

// Remove demo content (issue 19): shown while the demo store's sample content remains; one
// confirmed click removes it. What the merchant changed or uses is kept, and the dialog
// says so before anything goes. Only administrators reach Settings; the server checks too.

const NAMES: Record<keyof DemoContentCounts, [string, string]> = {
  product: ['product', 'products'],
  category: ['category', 'categories'],
  page: ['page', 'pages'],
  media: ['image', 'images'],
  form: ['form', 'forms'],
  shipping_option: ['shipping option', 'shipping options'],
  tax_rule: ['tax rule', 'tax rules'],
  coupon: ['coupon', 'coupons'],
};

/** "7 products, 3 pages and 1 coupon" — only the kinds there are. */
export function countsText(counts: DemoContentCounts): string {
  const parts = (Object.keys(NAMES) as (keyof DemoContentCounts)[])
    .filter((kind) => counts[kind] > 0)
    .map((kind) => `${counts[kind]} ${NAMES[kind][counts[kind] === 1 ? 0 : 1]}`);
  if (parts.length <= 1) return parts[0] ?? 'nothing';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

const keptText = (kept: DemoContentKept[]) =>
  kept
    .map((item) => `${item.title} (${item.reason === 'changed' ? 'you changed it' : 'in use'})`)
    .join(', ');

export function DemoContentCard() {
  const [preview, setPreview] = useState<DemoContentPreview | null>(null);
  const [isRemoved, setRemoved] = useState(false);
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();

  useEffect(() => {
    api
      .demoContent()
      .then(setPreview)
      .catch((caught) => setError(errorText(caught)));
  }, []);

  async function remove() {
    setBusy(true);
    try {
      const result = await api.removeDemoContent();
      setPreview(null);
      setRemoved(true);
      setError(null);
      toast(`Demo content removed: ${countsText(result.removed)}.`);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
      setConfirmOpen(false);
    }
  }

  if (isRemoved) {
    return (
      <Card title="Demo content" description="The demo store’s sample content is gone.">
        <p>Your site now holds only what you made. Add products from the Store screen.</p>
      </Card>
    );
  }
  if (error && !preview) {
    return (
      <Card title="Demo content">
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      </Card>
    );
  }
  if (!preview?.hasDemoContent) return null;

  const removable = countsText(preview.toRemove);
  return (
    <Card
      title="Demo content"
      description="Your site started with a sample store so you could see everything working."
    >
      {error && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      <p>
        It still holds {removable}. Removing it empties the home page and keeps everything you made
        yourself; orders already placed stay as they are.
      </p>
      {preview.kept.length > 0 && (
        <p>Kept because you changed or use them: {keptText(preview.kept)}.</p>
      )}
      <div className="demo-content__actions">
        <Button variant="danger" onClick={() => setConfirmOpen(true)}>
          Remove demo content
        </Button>
      </div>
      <ConfirmDialog
        open={isConfirmOpen}
        onOpenChange={setConfirmOpen}
        title="Remove demo content?"
        description={`This removes ${removable}.${
          preview.kept.length > 0 ? ` Kept: ${keptText(preview.kept)}.` : ''
        } This cannot be undone.`}
        confirmLabel="Remove demo content"
        isBusy={isBusy}
        onConfirm={remove}
      />
    </Card>
  );
}
