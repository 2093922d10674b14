import * as RadixPopover from '@radix-ui/react-popover';
import type { ReactNode } from 'react';

/**
 * Non-modal extra content next to its trigger (Radix): the trigger says whether it is
 * open (aria-expanded), Escape or a click outside closes it and focus goes back.
 */
export function Popover({
  trigger,
  label,
  children,
  align = 'start',
}: {
  /** One focusable element (a Button): it becomes the trigger. */
  trigger: ReactNode;
  /** Names the popover's content for screen readers. */
  label: string;
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
}) {
  return (
    <RadixPopover.Root>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          className="ui-popover"
          aria-label={label}
          align={align}
          sideOffset={6}
          collisionPadding={8}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
