import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export type TabItem<K extends string> = { value: K; label: ReactNode; content: ReactNode };

/**
 * WAI-ARIA tabs (Radix): arrow keys move between tabs, Home/End jump, and the panel of the
 * selected tab is the only one mounted (unless `keepMounted`). Controlled, so a screen can switch tabs itself
 * (the file manager shows Existing Files after an upload).
 */
export function Tabs<K extends string>({
  label,
  value,
  onValueChange,
  items,
  className,
  keepMounted = false,
}: {
  /** Names the tab list for screen readers. */
  label: string;
  value: K;
  onValueChange: (value: K) => void;
  items: TabItem<K>[];
  className?: string;
  /** Keeps every panel in the document, the inactive ones hidden: for panels holding
   *  state the person would lose (a file input, a half-typed name). */
  keepMounted?: boolean;
}) {
  return (
    <RadixTabs.Root
      className={`ui-tabs ${className ?? ''}`.trim()}
      value={value}
      onValueChange={(next) => onValueChange(next as K)}
    >
      <RadixTabs.List className="ui-tabs__list" aria-label={label}>
        {items.map((item) => (
          <RadixTabs.Trigger key={item.value} value={item.value} className="ui-tabs__tab">
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content
          key={item.value}
          value={item.value}
          className="ui-tabs__panel"
          {...(keepMounted && { forceMount: true, hidden: item.value !== value })}
        >
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
