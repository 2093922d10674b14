import { type ReactNode, useId } from 'react';

/** What a screen shows when it has nothing yet, with the one action that fills it. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="ui-empty">
      <p className="ui-empty__title">{title}</p>
      {children ? <p className="ui-empty__text">{children}</p> : null}
      {action}
    </div>
  );
}

/**
 * Grey bars where content is loading. The group is one busy status for screen readers
 * (the bars themselves are hidden), so "Loading…" is read once.
 */
export function Skeleton({ lines = 3, label = 'Loading…' }: { lines?: number; label?: string }) {
  return (
    <div className="ui-skeleton-group" role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
          key={i}
          className="ui-skeleton"
          aria-hidden="true"
          style={{ width: `${[92, 76, 84, 64][i % 4]}%` }}
        />
      ))}
    </div>
  );
}

export type BadgeTone = 'neutral' | 'success' | 'accent' | 'warning' | 'danger';

/** A short status word ("Published", "Draft") in a pill; the text is what is read. */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`ui-badge ui-badge--${tone}`}>{children}</span>;
}

/** A white panel with an optional title: the unit every screen is laid out in. */
export function Card({
  title,
  description,
  children,
  as: Tag = 'section',
}: {
  title?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  as?: 'section' | 'div';
}) {
  const titleId = useId();
  return (
    <Tag className="ui-card" aria-labelledby={Tag === 'section' && title ? titleId : undefined}>
      {title ? (
        <h2 className="ui-card__title" id={titleId}>
          {title}
        </h2>
      ) : null}
      {description ? <p className="ui-card__description">{description}</p> : null}
      {children}
    </Tag>
  );
}
