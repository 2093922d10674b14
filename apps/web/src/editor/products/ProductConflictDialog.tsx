import { Button, Dialog } from '../ui/index.ts';
import type { ConflictField } from './variant-matrix.ts';

/**
 * Shown when a save is refused because someone else saved the product meanwhile (409
 * PRODUCT_CHANGED): each field they changed, their value beside this editor's, then the
 * choice. Nothing is lost silently: "Reload theirs" drops this editor's changes, and
 * "Overwrite with mine" saves them over theirs (fields only they changed keep theirs,
 * see rebaseForm).
 */
export function ProductConflictDialog({
  fields,
  open,
  isBusy,
  onReload,
  onOverwrite,
  onOpenChange,
}: {
  fields: readonly ConflictField[];
  open: boolean;
  isBusy: boolean;
  onReload: () => void;
  onOverwrite: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Someone else saved this product"
      description="They saved while you were editing. Compare their changes with yours, then choose which to keep."
      className="conflict-dialog"
      footer={
        <>
          <Button disabled={isBusy} onClick={onReload}>
            Reload theirs
          </Button>
          <Button variant="primary" disabled={isBusy} onClick={onOverwrite}>
            Overwrite with mine
          </Button>
        </>
      }
    >
      {fields.length === 0 ? (
        <p>They changed nothing this form shows (stock or settings elsewhere).</p>
      ) : (
        <ul className="conflict-dialog__list" aria-label="Fields they changed">
          {fields.map((field) => (
            <li key={field.label} className="conflict-dialog__field">
              <h3>{field.label}</h3>
              <dl>
                <dt>Theirs</dt>
                <dd>{field.theirs || '(empty)'}</dd>
                <dt>Yours</dt>
                <dd>
                  {field.isMineChanged
                    ? field.mine || '(empty)'
                    : 'Unchanged by you: theirs is kept either way'}
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
