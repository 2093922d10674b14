import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { TextField } from './fields.tsx';
import { useToast } from './Toast.tsx';

/**
 * The dialog that shows a new secret once (an API key, a webhook signing secret): the
 * secret in a read-only field that selects itself on focus, "Copy <noun>" to the
 * clipboard with a toast, and Done. Closing it forgets the secret: `onClose` should set
 * `shown` back to null.
 */
export function SecretOnceDialog({
  shown,
  onClose,
  title,
  description,
  noun,
}: {
  /** The secret and its field's label; null keeps the dialog closed. */
  shown: { label: string; secret: string } | null;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** What the secret is called in the copy button and toasts ("key", "secret"). */
  noun: string;
}) {
  const toast = useToast();

  async function copy(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      toast(`${noun.charAt(0).toUpperCase()}${noun.slice(1)} copied.`);
    } catch {
      toast(`Select the ${noun} and copy it yourself.`);
    }
  }

  return (
    <Dialog
      open={shown !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={description}
      footer={
        shown && (
          <>
            <Button onClick={onClose}>Done</Button>
            <Button variant="primary" onClick={() => copy(shown.secret)}>
              {`Copy ${noun}`}
            </Button>
          </>
        )
      }
    >
      {shown && (
        <TextField
          label={shown.label}
          value={shown.secret}
          readOnly
          onFocus={(e) => e.target.select()}
        />
      )}
    </Dialog>
  );
}
