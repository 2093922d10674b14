import { CUSTOMER_NOTE_MAX, type CustomerDetail as Customer } from '@atelier/contract';
import { customerMessages, editorMessages } from '@atelier/core';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { customersApi } from '../api/customers-client.ts';
import { useCan } from '../capabilities.tsx';
import {
  dateTimeFormat,
  FULFILLMENT_LABELS,
  moneyText,
  PAYMENT_LABELS,
} from '../orders/order-labels.ts';
import { PostalAddress } from '../orders/PostalAddress.tsx';
import { AppLink, Badge, Button, Card, Skeleton, TextArea, useToast } from '../ui/index.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** One customer (issue 19): what they spent, their orders, and the merchant's note. */
export function CustomerDetail({
  email,
  onClose,
  onOpenOrder,
}: {
  email: string;
  onClose: () => void;
  onOpenOrder: (orderId: string) => void;
}) {
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  // Notes are part of working orders (orders.fulfill): billing reads them only.
  const canWriteNote = useCan()('orders.fulfill');
  const [noteError, setNoteError] = useState<string | undefined>(undefined);
  const [isSaving, setIsSaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const toast = useToast();

  useEffect(() => {
    customersApi
      .get(email)
      .then((loaded) => {
        setCustomer(loaded);
        setNote(loaded.note);
      })
      .catch((failure: unknown) =>
        setError(failure instanceof ApiError ? failure.message : editorMessages.somethingWentWrong),
      );
  }, [email]);

  // A new view: focus its heading so a screen reader starts there, not on a vanished row.
  const hasCustomer = customer !== null;
  useEffect(() => {
    if (hasCustomer) headingRef.current?.focus();
  }, [hasCustomer]);

  const back = <Button onClick={onClose}>Back to customers</Button>;
  if (!customer) {
    return (
      <div className="screen customer-detail">
        {back}
        {error ? (
          <p role="alert" className="notice notice--error">
            {error}
          </p>
        ) : (
          <Skeleton lines={6} label="Loading the customer…" />
        )}
      </div>
    );
  }

  const isChanged = note !== customer.note;
  async function saveNote() {
    if (note.length > CUSTOMER_NOTE_MAX) {
      setNoteError(customerMessages.noteTooLong(CUSTOMER_NOTE_MAX));
      return;
    }
    setIsSaving(true);
    setNoteError(undefined);
    try {
      const saved = await customersApi.saveNote(email, note);
      setCustomer(saved);
      setNote(saved.note);
      toast(saved.note ? 'Note saved.' : 'Note removed.');
    } catch (failure) {
      setNoteError(
        failure instanceof ApiError
          ? (failure.fields.note ?? failure.message)
          : editorMessages.somethingWentWrong,
      );
    } finally {
      setIsSaving(false);
    }
  }

  const money = (cents: number) => moneyText(cents, customer.currency);
  const address = customer.address;
  const isTestOnly = customer.testOrdersCount === customer.ordersCount;

  return (
    <div className="screen customer-detail">
      {back}
      <div className="screen-header">
        <div>
          <h1 ref={headingRef} tabIndex={-1}>
            {customer.name ?? customer.email}
          </h1>
          <p className="screen-header__lead customer-detail__lead">
            <a href={`mailto:${customer.email}`}>{customer.email}</a>
            {isTestOnly ? <Badge>Test orders only</Badge> : null}
          </p>
        </div>
      </div>
      <div className="customer-detail__grid">
        <div className="customer-detail__main">
          <Card title="Overview">
            <dl className="customer-stats">
              <div>
                <dt>Lifetime value</dt>
                <dd>{money(customer.lifetimeValueCents)}</dd>
              </div>
              <div>
                <dt>Orders</dt>
                <dd>{customer.ordersCount}</dd>
              </div>
              <div>
                <dt>Customer since</dt>
                <dd>{dateFormat.format(new Date(customer.firstOrderAt))}</dd>
              </div>
              <div>
                <dt>Last order</dt>
                <dd>{dateFormat.format(new Date(customer.lastOrderAt))}</dd>
              </div>
            </dl>
            <p className="customer-detail__hint">
              Lifetime value is what they paid less refunds
              {customer.testOrdersCount > 0
                ? `, test orders included (${customer.testOrdersCount} of ${customer.ordersCount})`
                : ''}
              .
              {customer.otherCurrencyOrdersCount > 0
                ? ` ${customer.otherCurrencyOrdersCount} placed in another currency ${customer.otherCurrencyOrdersCount === 1 ? 'is' : 'are'} not counted.`
                : ''}
            </p>
          </Card>
          <Card title="Orders">
            <ul className="customer-orders">
              {customer.orders.map((order) => (
                <li key={order.id}>
                  <AppLink href={`/config/orders/${order.id}`} onOpen={() => onOpenOrder(order.id)}>
                    Order #{order.orderNumber}
                  </AppLink>
                  <time dateTime={new Date(order.created).toISOString()}>
                    {dateTimeFormat.format(new Date(order.created))}
                  </time>
                  <span className="customer-orders__states">
                    {order.testMode ? <Badge>Test</Badge> : null}
                    <Badge tone={PAYMENT_LABELS[order.paymentStatus].tone}>
                      {order.status === 'cancelled'
                        ? 'Cancelled'
                        : PAYMENT_LABELS[order.paymentStatus].label}
                    </Badge>
                    <Badge tone={FULFILLMENT_LABELS[order.fulfillmentStatus].tone}>
                      {FULFILLMENT_LABELS[order.fulfillmentStatus].label}
                    </Badge>
                  </span>
                  <span className="customer-orders__total">
                    {moneyText(order.totalCents, order.currency)}
                  </span>
                </li>
              ))}
            </ul>
            {customer.ordersCount > customer.orders.length ? (
              <p className="customer-detail__hint">
                The newest {customer.orders.length} of {customer.ordersCount} orders; search the
                Orders screen for the rest.
              </p>
            ) : null}
          </Card>
        </div>
        <div className="customer-detail__side">
          <Card title="Note">
            <form
              className="customer-note"
              onSubmit={(event) => {
                event.preventDefault();
                void saveNote();
              }}
            >
              <TextArea
                label="Note about this customer"
                hint={`Only staff see it. ${note.length.toLocaleString()} of ${CUSTOMER_NOTE_MAX.toLocaleString()} characters.`}
                rows={5}
                value={note}
                readOnly={!canWriteNote}
                error={noteError}
                onChange={(event) => {
                  setNote(event.target.value);
                  setNoteError(undefined);
                }}
              />
              {customer.noteUpdatedAt ? (
                <p className="customer-detail__hint">
                  Last changed {dateTimeFormat.format(new Date(customer.noteUpdatedAt))}
                  {customer.noteUpdatedBy ? ` by ${customer.noteUpdatedBy}` : ''}.
                </p>
              ) : null}
              {canWriteNote ? (
                <Button type="submit" variant="primary" disabled={!isChanged || isSaving}>
                  {isSaving ? 'Saving…' : 'Save note'}
                </Button>
              ) : null}
            </form>
          </Card>
          <Card title="Contact">
            <p>
              <a href={`mailto:${customer.email}`}>{customer.email}</a>
            </p>
            {address ? (
              <PostalAddress address={address} />
            ) : (
              <p>No shipping address on their orders.</p>
            )}
          </Card>
          <Card title="Email marketing">
            {customer.newsletter === 'subscribed' ? (
              <>
                <p>
                  <Badge tone="success">Subscribed</Badge>
                </p>
                <p className="customer-detail__hint">
                  On at least one of your mailing lists. Manage them under Mailing lists.
                </p>
              </>
            ) : (
              <>
                <p>
                  <Badge>Not subscribed</Badge>
                </p>
                <p className="customer-detail__hint">
                  Not on any of your mailing lists. They can sign up through a newsletter block.
                </p>
              </>
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}
