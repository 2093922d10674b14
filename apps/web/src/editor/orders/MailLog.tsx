import type { MailLog as MailLogAnswer } from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { ordersApi } from '../api/orders-client.ts';
import {
  Badge,
  type BadgeTone,
  Button,
  Card,
  type DataColumn,
  DataTable,
  Dialog,
  EmptyState,
  Skeleton,
} from '../ui/index.ts';
import { dateTimeFormat } from './order-labels.ts';
import './orders.css';

type Message = MailLogAnswer['messages'][number];

const STATUS: Record<Message['status'], { label: string; tone: BadgeTone }> = {
  sent: { label: 'Sent', tone: 'success' },
  waiting: { label: 'Waiting', tone: 'accent' },
  failed: { label: 'Failed', tone: 'warning' },
};

/** Every email the store sent or will send (the outbox), newest first; one opens to read. */
export function MailLog() {
  const [answer, setAnswer] = useState<MailLogAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<Message | null>(null);

  const load = useCallback(() => {
    ordersApi
      .mail()
      .then((a) => {
        setAnswer(a);
        setError(null);
      })
      .catch((failure: unknown) =>
        setError(failure instanceof ApiError ? failure.message : editorMessages.somethingWentWrong),
      );
  }, []);
  useEffect(load, [load]);

  const columns: DataColumn<Message>[] = [
    {
      key: 'subject',
      header: 'Subject',
      isRowHeader: true,
      cell: (m) => (
        <>
          <button type="button" className="mail-log__open" onClick={() => setOpen(m)}>
            {m.subject}
          </button>
          {/* The To column does not fit a phone: the address goes under the subject. */}
          <span className="mail-log__to">To {m.to}</span>
        </>
      ),
    },
    { key: 'to', header: 'To', className: 'orders__wide-only', cell: (m) => m.to },
    {
      key: 'status',
      header: 'Status',
      cell: (m) => <Badge tone={STATUS[m.status].tone}>{STATUS[m.status].label}</Badge>,
    },
    {
      key: 'time',
      header: 'Time',
      className: 'orders__wide-only',
      cell: (m) => (
        <time dateTime={new Date(m.sentAt ?? m.created).toISOString()}>
          {dateTimeFormat.format(new Date(m.sentAt ?? m.created))}
        </time>
      ),
    },
  ];

  return (
    <div className="screen mail-log">
      <div className="screen-header">
        <div>
          <h1>Mail</h1>
          <p className="screen-header__lead">
            The emails the store sent or is about to send: order confirmations, new-order notices,
            shipping, cancellations, refunds and gift cards.
          </p>
        </div>
        <Button onClick={load}>Refresh</Button>
      </div>
      <Card as="div">
        {error ? (
          <p role="alert" className="notice notice--error">
            {error}
          </p>
        ) : null}
        {answer === null ? (
          error ? null : (
            <Skeleton lines={5} label="Loading mail…" />
          )
        ) : answer.messages.length === 0 ? (
          <EmptyState title="No mail yet">Emails appear here once an order is placed.</EmptyState>
        ) : (
          <DataTable
            caption="Mail"
            isCaptionHidden
            rows={answer.messages}
            columns={columns}
            rowKey={(m) => m.id}
            rowLabel={(m) => m.subject}
            defaultPageSize={25}
          />
        )}
      </Card>
      <Dialog
        open={open !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setOpen(null);
        }}
        title={open?.subject ?? ''}
        description={open ? `To ${open.to} · ${STATUS[open.status].label}` : undefined}
        size="wide"
      >
        {open?.lastError ? (
          <p className="notice notice--error">Last attempt failed: {open.lastError}</p>
        ) : null}
        <pre className="mail-log__body">{open?.bodyText}</pre>
      </Dialog>
    </div>
  );
}
