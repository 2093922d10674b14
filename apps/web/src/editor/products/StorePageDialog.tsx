import type { CollectionSummary } from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../api/client.ts';
import { Button, ConfirmDialog, Dialog, Switch, TextField, useToast } from '../ui/index.ts';

// A store page's own settings, from the category manager: its title, address and whether
// it is on, and deleting it once it holds no products (the server refuses otherwise, and
// its message says what to do).

export function StorePageDialog({
  collection,
  open,
  onOpenChange,
  onChanged,
}: {
  collection: CollectionSummary | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a save or a delete: the store pages are read again. */
  onChanged: () => void;
}) {
  const toast = useToast();
  const [title, setTitle] = useState('');
  const [urlId, setUrlId] = useState('');
  const [enabled, setEnabled] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setIsBusy] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);

  useEffect(() => {
    if (!open || !collection) return;
    setTitle(collection.title);
    setUrlId(collection.urlId);
    setEnabled(collection.enabled);
    setErrors({});
  }, [open, collection]);

  if (!collection) return null;

  const failed = (error: unknown) =>
    setErrors(
      error instanceof ApiError
        ? { ...error.fields, form: error.message }
        : { form: editorMessages.somethingWentWrong },
    );

  async function save() {
    if (!collection) return;
    setIsBusy(true);
    setErrors({});
    try {
      const saved = await api.updateCollection(collection.id, {
        title: title.trim(),
        urlId: urlId.trim(),
        enabled,
      });
      toast(`Saved the store page ${saved.title}.`);
      onOpenChange(false);
      onChanged();
    } catch (error) {
      failed(error);
    } finally {
      setIsBusy(false);
    }
  }

  async function remove() {
    if (!collection) return;
    setIsBusy(true);
    try {
      await api.deleteCollection(collection.id);
      toast(`Deleted the store page ${collection.title}.`);
      setIsConfirmingDelete(false);
      onOpenChange(false);
      onChanged();
    } catch (error) {
      setIsConfirmingDelete(false);
      failed(error);
    } finally {
      setIsBusy(false);
    }
  }

  // A field's own error shows under it; anything else above the buttons.
  const formError = errors.form && !errors.title && !errors.urlId ? errors.form : undefined;
  const count = collection.productCount;
  return (
    <>
      <Dialog
        open={open && !isConfirmingDelete}
        onOpenChange={onOpenChange}
        title={`Store page ${collection.title}`}
        description={`${count} ${count === 1 ? 'product' : 'products'} · /${collection.urlId}`}
        size="sm"
        footer={
          <>
            <Button
              variant="danger"
              className="store-page-dialog__delete"
              disabled={isBusy}
              onClick={() => {
                setErrors({});
                setIsConfirmingDelete(true);
              }}
            >
              Delete…
            </Button>
            <Button onClick={() => onOpenChange(false)}>Cancel</Button>
            <Button
              variant="primary"
              disabled={isBusy || title.trim() === ''}
              onClick={() => void save()}
            >
              Save
            </Button>
          </>
        }
      >
        <TextField
          label="Title"
          value={title}
          maxLength={200}
          error={errors.title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextField
          label="URL"
          value={urlId}
          maxLength={200}
          hint={`The page's address: /${urlId.trim() || '…'}`}
          error={errors.urlId}
          onChange={(event) => setUrlId(event.target.value)}
        />
        <Switch
          label="Enabled"
          checked={enabled}
          hint="Off: visitors cannot open the page."
          onCheckedChange={setEnabled}
        />
        <p className={formError ? 'notice notice--error' : 'notice'} role="alert">
          {formError}
        </p>
      </Dialog>
      <ConfirmDialog
        open={isConfirmingDelete}
        onOpenChange={setIsConfirmingDelete}
        title={`Delete the store page ${collection.title}?`}
        description={
          count > 0
            ? `It still holds ${count} ${count === 1 ? 'product' : 'products'}: move or delete them first, or the store refuses.`
            : 'Its categories go with it. The page leaves the navigation.'
        }
        confirmLabel="Delete"
        isBusy={isBusy}
        onConfirm={() => void remove()}
      />
    </>
  );
}
