import * as RadixDialog from '@radix-ui/react-dialog';
import { type FormEvent, type ReactNode, useId, useRef } from 'react';
import { Button, IconButton } from './Button.tsx';
import { Icon } from './icons.tsx';

/**
 * A modal dialog (Radix): focus moves in and is trapped there, Escape and the Close button
 * close it, focus returns to what opened it, and the rest of the page is hidden from
 * screen readers while it is open.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  size = 'md',
  footer,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size?: 'sm' | 'md' | 'wide';
  /** Actions at the bottom, right-aligned (stacked full width on a phone). */
  footer?: ReactNode;
  /** Names this dialog for its screen's styles and tests (`link-dialog`). */
  className?: string;
  children?: ReactNode;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="ui-dialog__overlay" />
        <RadixDialog.Content
          className={`ui-dialog ui-dialog--${size} ${className ?? ''}`.trim()}
          // Without a description, say so, or Radix points at a missing one.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="ui-dialog__header">
            <RadixDialog.Title className="ui-dialog__title">{title}</RadixDialog.Title>
            <RadixDialog.Close asChild>
              <IconButton label="Close" icon={<Icon name="close" />} size="sm" />
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="ui-dialog__description">
              {description}
            </RadixDialog.Description>
          ) : null}
          {children}
          {footer ? <div className="ui-dialog__footer">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * A dialog around one form: Cancel and the submit button (`submitLabel`, off while
 * `isBusy`) in the footer, tied to the form by its id, so Enter in a field submits too.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  onSubmit,
  isBusy = false,
  formClassName,
  noValidate,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  isBusy?: boolean;
  formClassName?: string;
  /** The form checks its own fields and shows their errors (no browser bubbles). */
  noValidate?: boolean;
  children: ReactNode;
}) {
  const formId = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button type="submit" form={formId} variant="primary" disabled={isBusy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={formClassName} onSubmit={onSubmit} noValidate={noValidate}>
        {children}
      </form>
    </Dialog>
  );
}

/**
 * Asks before something that cannot be undone. The confirm button is red and names the
 * action; focus starts on Cancel, so a stray Enter does no harm.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  isBusy = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  isBusy?: boolean;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="ui-dialog__overlay" />
        <RadixDialog.Content
          className="ui-dialog ui-dialog--sm"
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            cancel.current?.focus();
          }}
        >
          <RadixDialog.Title className="ui-dialog__title">{title}</RadixDialog.Title>
          <RadixDialog.Description className="ui-dialog__description ui-dialog__description--confirm">
            {description}
          </RadixDialog.Description>
          <div className="ui-dialog__footer">
            <RadixDialog.Close asChild>
              <Button ref={cancel}>{cancelLabel}</Button>
            </RadixDialog.Close>
            <Button variant="danger" disabled={isBusy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
