import type { PaywallAccess } from '@atelier/contract';
import { ProductType, paywallMessages } from '@atelier/core';
import { useEffect, useId, useState } from 'react';
import { ApiError, api } from '../api/client.ts';
import { Button, Card, TextField } from '../ui/index.ts';

// A paywall product's targets (issue 22): the pages and collections buying it unlocks.
// Saved on its own call, beside the product's: access is a set of links between rows,
// not a field of the product, and saving it never races the product form's conflicts.

type Choice = { id: string; label: string; address: string };

export function PaywallAccessCard({
  productId,
  type,
}: {
  /** Undefined while the product is new: it must exist before it can unlock anything. */
  productId: string | undefined;
  type: ProductType;
}) {
  const [access, setAccess] = useState<PaywallAccess | null>(null);
  const [chosen, setChosen] = useState<{ pageIds: string[]; collectionIds: string[] }>({
    pageIds: [],
    collectionIds: [],
  });
  const [filter, setFilter] = useState('');
  const [status, setStatus] = useState<{ kind: 'error' | 'saved'; text: string } | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const id = useId();
  const isPaywall = type === ProductType.paywall;

  useEffect(() => {
    if (!isPaywall || !productId) return;
    let isCurrent = true;
    api
      .paywallAccess(productId)
      .then((loaded) => {
        if (!isCurrent) return;
        setAccess(loaded);
        setChosen({ pageIds: loaded.pageIds, collectionIds: loaded.collectionIds });
      })
      .catch(
        (error: unknown) =>
          isCurrent &&
          setStatus({
            kind: 'error',
            text: error instanceof ApiError ? error.message : String(error),
          }),
      );
    return () => {
      isCurrent = false;
    };
  }, [isPaywall, productId]);

  if (!isPaywall) return null;
  if (!productId) {
    return (
      <Card title={paywallMessages.pickerTitle} description={paywallMessages.pickerDescription}>
        <p className="field__hint">{paywallMessages.pickerSaveFirst}</p>
      </Card>
    );
  }

  const needle = filter.trim().toLowerCase();
  const matches = (choice: Choice) =>
    needle === '' ||
    choice.label.toLowerCase().includes(needle) ||
    choice.address.toLowerCase().includes(needle);
  const pages: Choice[] = (access?.pages ?? []).map((p) => ({
    id: p.id,
    label: p.title,
    address: p.urlSlug === '' ? '/' : `/${p.urlSlug}`,
  }));
  const collections: Choice[] = (access?.collections ?? []).map((c) => ({
    id: c.id,
    label: c.title,
    address: `/${c.urlId}`,
  }));
  const count = chosen.pageIds.length + chosen.collectionIds.length;

  function toggle(kind: 'pageIds' | 'collectionIds', choiceId: string, isOn: boolean) {
    setStatus(null);
    setChosen((now) => ({
      ...now,
      [kind]: isOn ? [...now[kind], choiceId] : now[kind].filter((c) => c !== choiceId),
    }));
  }

  async function save() {
    if (!productId) return;
    setIsSaving(true);
    setStatus(null);
    try {
      const saved = await api.setPaywallAccess(productId, chosen);
      setAccess(saved);
      setChosen({ pageIds: saved.pageIds, collectionIds: saved.collectionIds });
      setStatus({ kind: 'saved', text: paywallMessages.pickerSaved });
    } catch (error) {
      setStatus({
        kind: 'error',
        text: error instanceof ApiError ? error.message : String(error),
      });
    } finally {
      setIsSaving(false);
    }
  }

  const group = (legend: string, kind: 'pageIds' | 'collectionIds', choices: readonly Choice[]) => {
    const shown = choices.filter(matches);
    return (
      <fieldset className="fieldset paywall-picker__group">
        <legend>{legend}</legend>
        <ul className="coupon-targets__list">
          {shown.map((choice) => {
            const inputId = `${id}-${kind}-${choice.id}`;
            return (
              <li key={choice.id} className="field field--checkbox">
                <input
                  type="checkbox"
                  className="ui-checkbox"
                  id={inputId}
                  checked={chosen[kind].includes(choice.id)}
                  onChange={(event) => toggle(kind, choice.id, event.target.checked)}
                />
                <label htmlFor={inputId}>
                  {choice.label} <span className="paywall-picker__address">{choice.address}</span>
                </label>
              </li>
            );
          })}
          {shown.length === 0 ? (
            <li className="coupon-targets__empty">{paywallMessages.pickerNone}</li>
          ) : null}
        </ul>
      </fieldset>
    );
  };

  return (
    <Card title={paywallMessages.pickerTitle} description={paywallMessages.pickerDescription}>
      <div className="paywall-picker">
        <TextField
          label={paywallMessages.pickerFilter}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          // Enter filters; it must not save the product form this card sits in.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
        {group(paywallMessages.pickerPages, 'pageIds', pages)}
        {group(paywallMessages.pickerCollections, 'collectionIds', collections)}
        <p className="coupon-targets__count" aria-live="polite">
          {paywallMessages.pickerCount(count)}
        </p>
        <div className="paywall-picker__actions">
          <Button variant="secondary" disabled={isSaving || !access} onClick={() => void save()}>
            {isSaving ? 'Saving…' : paywallMessages.pickerSave}
          </Button>
          {status ? (
            <p
              role={status.kind === 'error' ? 'alert' : 'status'}
              className={status.kind === 'error' ? 'field__error' : 'field__hint'}
            >
              {status.text}
            </p>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
