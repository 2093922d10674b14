import {
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEventType,
} from '@atelier/contract';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ApiError, errorText } from '../api/client.ts';
import { webhooksApi } from '../api/webhooks-client.ts';
import {
  Badge,
  type BadgeTone,
  Button,
  Card,
  ConfirmDialog,
  type DataColumn,
  DataTable,
  EmptyState,
  FormDialog,
  SecretOnceDialog,
  Skeleton,
  TextField,
  useToast,
} from '../ui/index.ts';

// Webhooks (issue 21): the website's endpoints with their connection state, a count of
// connected automations (REST hooks subscriptions), adding one (the signing secret shown
// once), a test event, the delivery log with replay, disconnect and turn back on. Only
// administrators see this screen, and the server refuses anyone else.

const EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.created': 'Order created',
  'order.updated': 'Order updated',
  'order.fulfilled': 'Order fulfilled',
  'inventory.changed': 'Stock changed',
  'form.submitted': 'Form submitted',
  'newsletter.subscribed': 'Newsletter sign-up',
  'restock.signed_up': 'Restock sign-up',
};

const STATES: Record<WebhookEndpoint['state'], { label: string; tone: BadgeTone }> = {
  connected: { label: 'Connected', tone: 'success' },
  'awaiting-connection': { label: 'Awaiting connection', tone: 'neutral' },
  disconnected: { label: 'Disconnected', tone: 'warning' },
};

const dateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** The receiver's check, as docs/ARCHITECTURE.md gives it. */
export const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

function verify(secret, headers, rawBody) {
  const id = headers['webhook-id'];
  const ts = headers['webhook-timestamp'];
  if (Math.abs(Date.now() / 1000 - Number(ts)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = 'v1,' + createHmac('sha256', key)
    .update(\`\${id}.\${ts}.\${rawBody}\`).digest('base64');
  return headers['webhook-signature'].split(' ').some((s) =>
    s.length === expected.length &&
    timingSafeEqual(Buffer.from(s), Buffer.from(expected)));
}`;

function stateText(endpoint: WebhookEndpoint): string {
  if (endpoint.state !== 'disconnected') return STATES[endpoint.state].label;
  return endpoint.disabledReason === 'failures'
    ? 'Disconnected after repeated failures'
    : 'Disconnected';
}

export function WebhooksScreen() {
  const [list, setList] = useState<WebhookEndpointList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isCreateOpen, setCreateOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<Set<WebhookEventType>>(new Set(['order.created']));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const [toDisconnect, setToDisconnect] = useState<WebhookEndpoint | null>(null);
  const [toRotate, setToRotate] = useState<WebhookEndpoint | null>(null);
  const [isRotation, setIsRotation] = useState(false);
  const [toDelete, setToDelete] = useState<WebhookEndpoint | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const toast = useToast();

  const load = useCallback(() => {
    webhooksApi
      .list()
      .then((answer) => {
        setList(answer);
        setError(null);
      })
      .catch((caught) => setError(errorText(caught)));
  }, []);
  useEffect(load, [load]);

  async function create(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await webhooksApi.create({ url, events: [...events] });
      setCreateOpen(false);
      setIsRotation(false);
      setCreated({ url: answer.endpoint.url, secret: answer.secret });
      setUrl('');
      setFieldErrors({});
      load();
    } catch (caught) {
      setFieldErrors(caught instanceof ApiError ? (caught.fields ?? {}) : {});
      if (!(caught instanceof ApiError && caught.fields)) setError(errorText(caught));
    }
  }

  async function act(work: () => Promise<unknown>, done: string) {
    try {
      await work();
      toast(done);
      load();
    } catch (caught) {
      setError(errorText(caught));
    }
  }

  const columns: DataColumn<WebhookEndpoint>[] = [
    {
      key: 'url',
      header: 'Endpoint',
      isRowHeader: true,
      sortValue: (e) => e.url,
      cell: (e) => (
        <>
          <span className="webhooks__url">{e.url}</span>{' '}
          {e.source === 'api' && <Badge tone="accent">Automation</Badge>}
          <span className="webhooks__meta">Added by {e.createdBy}</span>
        </>
      ),
    },
    {
      key: 'events',
      header: 'Events',
      cell: (e) => e.events.map((type) => EVENT_LABELS[type]).join(', '),
    },
    {
      key: 'state',
      header: 'State',
      sortValue: (e) => e.state,
      cell: (e) => (
        <>
          <Badge tone={STATES[e.state].tone}>{stateText(e)}</Badge>
          {e.state !== 'disconnected' && e.failureCount > 0 && (
            <span className="webhooks__meta">
              {e.failureCount === 1 ? '1 failed attempt' : `${e.failureCount} failed attempts`} in a
              row
            </span>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (e) => (
        <div className="webhooks__actions">
          <Button
            size="sm"
            aria-label={`Send test to ${e.url}`}
            onClick={() => act(() => webhooksApi.sendTest(e.id), 'Test event queued.')}
          >
            Send test
          </Button>
          <Button size="sm" aria-label={`Deliveries to ${e.url}`} onClick={() => setLogOf(e)}>
            Deliveries
          </Button>
          {e.state === 'disconnected' ? (
            <Button
              size="sm"
              aria-label={`Turn on ${e.url}`}
              onClick={() => act(() => webhooksApi.setEnabled(e.id, true), 'Endpoint turned on.')}
            >
              Turn on
            </Button>
          ) : (
            <Button size="sm" aria-label={`Disconnect ${e.url}`} onClick={() => setToDisconnect(e)}>
              Disconnect
            </Button>
          )}
          <Button size="sm" aria-label={`New secret for ${e.url}`} onClick={() => setToRotate(e)}>
            New secret…
          </Button>
          <Button
            size="sm"
            variant="danger"
            aria-label={`Delete ${e.url}`}
            onClick={() => setToDelete(e)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  const automations = list?.connectedAutomations ?? 0;
  return (
    <div className="screen webhooks-screen">
      <div className="screen-header">
        <div>
          <h1>Webhooks</h1>
          <p className="screen-header__lead">
            Send orders, stock changes and form submissions to other apps as they happen.
          </p>
        </div>
        <Button variant="primary" onClick={() => setCreateOpen(true)}>
          Add endpoint
        </Button>
      </div>
      <p role="status" className={error ? 'notice notice--error' : 'notice'}>
        {error ?? ''}
      </p>
      {list === null ? (
        <Skeleton lines={3} label="Loading webhooks…" />
      ) : (
        <>
          <p className="webhooks__automations">
            {automations === 1 ? '1 connected automation' : `${automations} connected automations`}
          </p>
          {list.endpoints.length === 0 ? (
            <EmptyState title="No webhook endpoints yet">
              Add an endpoint, or connect an automation tool with an API key.
            </EmptyState>
          ) : (
            <div className="webhooks__table">
              <DataTable
                caption="Webhook endpoints"
                isCaptionHidden
                rows={list.endpoints}
                columns={columns}
                rowKey={(e) => e.id}
                rowLabel={(e) => e.url}
                defaultSort={{ key: 'url', direction: 'ascending' }}
              />
            </div>
          )}
        </>
      )}

      {logOf && (
        <div className="webhooks__section">
          <DeliveryLog
            key={logOf.id}
            endpoint={logOf}
            onClose={() => setLogOf(null)}
            onError={setError}
          />
        </div>
      )}

      <div className="webhooks__section">
        <Card title="Checking signatures">
          <p>
            Every request carries <code>webhook-id</code>, <code>webhook-timestamp</code> and{' '}
            <code>webhook-signature</code> headers (the Standard Webhooks format). Check the
            signature with the endpoint’s secret over the raw body before trusting it, and ignore an
            id you have already handled: an event can arrive more than once.
          </p>
          <pre className="webhooks__snippet">
            <code>{VERIFY_SNIPPET}</code>
          </pre>
        </Card>
      </div>

      <FormDialog
        open={isCreateOpen}
        onOpenChange={setCreateOpen}
        title="Add endpoint"
        description="Events are sent as signed POST requests to this address. It must be a public address."
        submitLabel="Add endpoint"
        onSubmit={create}
        formClassName="webhooks__form"
      >
        <TextField
          label="Endpoint URL"
          type="url"
          value={url}
          required
          maxLength={2000}
          placeholder="https://example.com/webhooks"
          error={fieldErrors.url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <fieldset className="webhooks__events">
          <legend>Events</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <div key={type} className="field field--checkbox">
              <input
                type="checkbox"
                className="ui-checkbox"
                id={`webhook-event-${type}`}
                checked={events.has(type)}
                onChange={(event) =>
                  setEvents((current) => {
                    const next = new Set(current);
                    if (event.target.checked) next.add(type);
                    else next.delete(type);
                    return next;
                  })
                }
              />
              <label htmlFor={`webhook-event-${type}`}>
                {EVENT_LABELS[type]} <code>{type}</code>
              </label>
            </div>
          ))}
          {fieldErrors.events && (
            <p className="field__error" role="alert">
              {fieldErrors.events}
            </p>
          )}
        </fieldset>
      </FormDialog>

      <SecretOnceDialog
        shown={created && { label: `Secret for ${created.url}`, secret: created.secret }}
        onClose={() => setCreated(null)}
        title={isRotation ? 'Your endpoint’s new signing secret' : 'Your endpoint’s signing secret'}
        description={
          isRotation
            ? 'Copy it now: it is shown only once. For 24 hours every request is signed with both the old and the new secret, so switch the receiver over within a day.'
            : 'Copy it now: it is shown only once. The receiver checks each request’s signature with it.'
        }
        noun="secret"
      />

      <ConfirmDialog
        open={toRotate !== null}
        onOpenChange={(open) => {
          if (!open) setToRotate(null);
        }}
        title="Give this endpoint a new secret?"
        description={`The new secret signs every request to ${toRotate?.url ?? 'it'} from now on. The old one keeps signing beside it for 24 hours, then stops working.`}
        confirmLabel="Make a new secret"
        onConfirm={() => {
          const endpoint = toRotate;
          setToRotate(null);
          if (!endpoint) return;
          webhooksApi.rotateSecret(endpoint.id).then(
            (answer) => {
              setIsRotation(true);
              setCreated({ url: answer.endpoint.url, secret: answer.secret });
            },
            (caught) => setError(errorText(caught)),
          );
        }}
      />

      <ConfirmDialog
        open={toDisconnect !== null}
        onOpenChange={(open) => {
          if (!open) setToDisconnect(null);
        }}
        title="Disconnect this endpoint?"
        description={`Nothing is sent to ${toDisconnect?.url ?? 'it'} until you turn it back on, and events meanwhile are not kept for it.`}
        confirmLabel="Disconnect"
        onConfirm={() => {
          const endpoint = toDisconnect;
          setToDisconnect(null);
          if (endpoint)
            act(() => webhooksApi.setEnabled(endpoint.id, false), 'Endpoint disconnected.');
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title="Delete this endpoint?"
        description={`${toDelete?.url ?? 'The endpoint'} and its delivery log are deleted. This cannot be undone.`}
        confirmLabel="Delete endpoint"
        onConfirm={() => {
          const endpoint = toDelete;
          setToDelete(null);
          if (logOf?.id === endpoint?.id) setLogOf(null);
          if (endpoint) act(() => webhooksApi.remove(endpoint.id), 'Endpoint deleted.');
        }}
      />
    </div>
  );
}

function DeliveryLog({
  endpoint,
  onClose,
  onError,
}: {
  endpoint: WebhookEndpoint;
  onClose: () => void;
  onError: (message: string) => void;
}) {
  const [answer, setAnswer] = useState<WebhookDeliveryList | null>(null);
  const [page, setPage] = useState(1);
  const deliveries = answer?.deliveries ?? null;
  const toast = useToast();
  // Newest first, a server page at a time: a busy endpoint's log runs to thousands.
  const load = useCallback(() => {
    webhooksApi
      .deliveries(endpoint.id, page)
      .then(setAnswer)
      .catch((caught) => onError(errorText(caught)));
  }, [endpoint.id, page, onError]);
  useEffect(load, [load]);

  async function replay(delivery: WebhookDelivery) {
    try {
      await webhooksApi.replay(endpoint.id, delivery.id);
      toast('Event queued again.');
      load();
    } catch (caught) {
      onError(errorText(caught));
    }
  }

  const columns: DataColumn<WebhookDelivery>[] = [
    { key: 'event', header: 'Event', isRowHeader: true, cell: (d) => d.eventType },
    {
      key: 'status',
      header: 'Status',
      cell: (d) =>
        d.status === 'delivered' ? (
          <Badge tone="success">Delivered</Badge>
        ) : d.attempts === 0 ? (
          <Badge>Waiting</Badge>
        ) : (
          <Badge tone="warning">Retrying</Badge>
        ),
    },
    { key: 'attempts', header: 'Attempts', cell: (d) => String(d.attempts) },
    {
      key: 'response',
      header: 'Response',
      cell: (d) => (d.lastStatusCode !== null ? String(d.lastStatusCode) : (d.lastError ?? '—')),
    },
    {
      key: 'when',
      header: 'Delivered or next try',
      cell: (d) => (d.status === 'delivered' ? dateTime(d.deliveredAt) : dateTime(d.nextAttemptAt)),
    },
    {
      key: 'replay',
      header: 'Actions',
      cell: (d) => (
        <Button
          size="sm"
          aria-label={`Replay ${d.eventType} ${d.eventId}`}
          onClick={() => replay(d)}
        >
          Replay
        </Button>
      ),
    },
  ];

  return (
    <Card title={`Deliveries to ${endpoint.url}`}>
      <div className="webhooks__log-actions">
        <Button size="sm" onClick={load}>
          Refresh
        </Button>
        <Button size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      {deliveries === null ? (
        <Skeleton lines={2} label="Loading deliveries…" />
      ) : deliveries.length === 0 ? (
        <p>Nothing sent yet. Send a test event to try the endpoint.</p>
      ) : (
        <div className="webhooks__table">
          <DataTable
            caption={`Deliveries to ${endpoint.url}`}
            isCaptionHidden
            rows={deliveries}
            columns={columns}
            rowKey={(d) => d.id}
            rowLabel={(d) => `${d.eventType} ${d.eventId}`}
            pageSizes={[answer?.pageSize ?? 50]}
            server={{
              sort: null,
              page,
              pageSize: answer?.pageSize ?? 50,
              total: answer?.total ?? 0,
              onChange: (next) => setPage(next.page),
            }}
          />
        </div>
      )}
    </Card>
  );
}
