import type { MemberArea, MemberAreaAccess, MemberAreaList } from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError, errorText } from '../api/client.ts';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  type DataColumn,
  DataTable,
  EmptyState,
  Skeleton,
  TextField,
  useToast,
} from '../ui/index.ts';
import { memberAreasApi } from './member-areas-client.ts';
import './member-areas.css';

// /config → Member areas (issue 23): the website's member areas, and one area's form —
// its name, who gets in (any signed-in customer, or buyers of a paywall product) and the
// pages and folders it holds. Visitors kept out see the lock screen with sign-in links.

const ACCESS_LABELS: Record<MemberAreaAccess, string> = {
  'signed-in': 'Any signed-in customer',
  paid: 'Customers who bought access',
};

type Choices = Pick<MemberAreaList, 'pages' | 'products'>;
type Form = { name: string; access: MemberAreaAccess; productIds: string[]; pageIds: string[] };

const toggle = (ids: string[], id: string, isOn: boolean) =>
  isOn ? [...new Set([...ids, id])] : ids.filter((x) => x !== id);

function whoGetsIn(area: MemberArea, choices: Choices): string {
  if (area.access === 'signed-in') return ACCESS_LABELS['signed-in'];
  const names = area.productIds.flatMap((id) => {
    const product = choices.products.find((p) => p.id === id);
    return product ? [product.title] : [];
  });
  return names.length > 0 ? `Buyers of ${names.join(', ')}` : 'Nobody (no product chosen)';
}

/** One area's form; `area` undefined makes a new one. */
function AreaDetail({
  area,
  areas,
  choices,
  onBack,
  onSaved,
}: {
  area: MemberArea | undefined;
  areas: readonly MemberArea[];
  choices: Choices;
  onBack: () => void;
  onSaved: () => void;
}) {
  const id = useId();
  const [form, setForm] = useState<Form>({
    name: area?.name ?? '',
    access: area?.access ?? 'signed-in',
    productIds: area?.productIds ?? [],
    pageIds: area?.pageIds ?? [],
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const toast = useToast();

  // Opening the form moves focus to its heading, so a screen reader starts there.
  useEffect(() => heading.current?.focus(), []);

  const otherAreaOf = (pageId: string) =>
    areas.find((a) => a.id !== area?.id && a.pageIds.includes(pageId));
  const folderTitle = (folderId: string | null) =>
    folderId ? choices.pages.find((p) => p.id === folderId)?.title : undefined;

  async function save(event: FormEvent) {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!form.name.trim()) local.name = 'Give the member area a name.';
    if (form.access === 'paid' && form.productIds.length === 0) {
      local.productIds = 'Choose at least one paywall product for paid access.';
    }
    setErrors(local);
    if (Object.keys(local).length > 0) {
      document.getElementById(`${id}-${Object.keys(local)[0]}`)?.focus();
      return;
    }
    setIsBusy(true);
    setFormError(null);
    try {
      const body = { ...form, productIds: form.access === 'paid' ? form.productIds : [] };
      if (area) await memberAreasApi.update(area.id, body);
      else await memberAreasApi.create(body);
      toast(area ? 'Member area saved.' : `“${form.name.trim()}” created.`);
      onSaved();
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) {
        setErrors(failure.fields);
      }
      setFormError(errorText(failure));
    } finally {
      setIsBusy(false);
    }
  }

  async function remove() {
    if (!area) return;
    setIsBusy(true);
    try {
      await memberAreasApi.remove(area.id);
      toast(`“${area.name}” deleted. Its pages are open to everyone again.`);
      onSaved();
    } catch (failure) {
      setFormError(errorText(failure));
      setIsDeleting(false);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <div className="screen screen--narrow member-areas">
      <div className="screen-header">
        <div>
          <h1 ref={heading} tabIndex={-1}>
            {area ? area.name : 'New member area'}
          </h1>
          <p className="screen-header__lead">
            Visitors who may not enter see “This page is locked” with links to sign in or create an
            account, and come back here after signing in.
          </p>
        </div>
        <Button onClick={onBack}>Back to member areas</Button>
      </div>
      <form className="member-areas__form" onSubmit={(event) => void save(event)} noValidate>
        <Card as="div">
          <TextField
            id={`${id}-name`}
            label="Name"
            hint="For you and your team; visitors do not see it."
            value={form.name}
            maxLength={100}
            error={errors.name}
            autoComplete="off"
            onChange={(event) => {
              setForm({ ...form, name: event.target.value });
              // A message about the old text would be wrong about the new one.
              setErrors(({ name: _fixed, ...rest }) => rest);
            }}
          />
          <fieldset className="fieldset">
            <legend>Who gets in</legend>
            {(['signed-in', 'paid'] as const).map((access) => (
              <div key={access} className="field field--check">
                <input
                  type="radio"
                  className="ui-checkbox"
                  id={`${id}-access-${access}`}
                  name={`${id}-access`}
                  checked={form.access === access}
                  onChange={() => setForm({ ...form, access })}
                />
                <label htmlFor={`${id}-access-${access}`}>{ACCESS_LABELS[access]}</label>
              </div>
            ))}
          </fieldset>
          {form.access === 'paid' ? (
            <fieldset
              className="fieldset"
              aria-describedby={errors.productIds ? `${id}-productIds-error` : undefined}
            >
              <legend>Paywall products that open it</legend>
              {choices.products.length === 0 ? (
                <p className="field__hint">
                  No paywall products yet. Add one in Products (type Paywall), then choose it here.
                </p>
              ) : (
                <ul className="member-areas__list">
                  {choices.products.map((product, index) => (
                    <li key={product.id} className="field field--checkbox">
                      <input
                        type="checkbox"
                        className="ui-checkbox"
                        id={index === 0 ? `${id}-productIds` : `${id}-product-${product.id}`}
                        checked={form.productIds.includes(product.id)}
                        aria-invalid={errors.productIds ? true : undefined}
                        onChange={(event) => {
                          setForm({
                            ...form,
                            productIds: toggle(form.productIds, product.id, event.target.checked),
                          });
                          setErrors(({ productIds: _fixed, ...rest }) => rest);
                        }}
                      />
                      <label
                        htmlFor={index === 0 ? `${id}-productIds` : `${id}-product-${product.id}`}
                      >
                        {product.title}
                      </label>
                    </li>
                  ))}
                </ul>
              )}
              {errors.productIds ? (
                <p id={`${id}-productIds-error`} className="field__error" role="alert">
                  {errors.productIds}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          <fieldset className="fieldset">
            <legend>Pages and folders in this area</legend>
            <p className="field__hint">
              A folder brings every page in it. A page can be in one member area at a time.
            </p>
            <ul className="member-areas__list member-areas__list--pages">
              {choices.pages.map((page) => {
                const other = otherAreaOf(page.id);
                const folder = folderTitle(page.parentId);
                const inputId = `${id}-page-${page.id}`;
                return (
                  <li
                    key={page.id}
                    className={`field field--checkbox${folder ? ' member-areas__in-folder' : ''}`}
                  >
                    <input
                      type="checkbox"
                      className="ui-checkbox"
                      id={inputId}
                      checked={form.pageIds.includes(page.id)}
                      onChange={(event) =>
                        setForm({
                          ...form,
                          pageIds: toggle(form.pageIds, page.id, event.target.checked),
                        })
                      }
                    />
                    <label htmlFor={inputId}>
                      {page.title}{' '}
                      <span className="member-areas__address">
                        {page.kind === 'folder'
                          ? 'Folder'
                          : page.urlSlug
                            ? `/${page.urlSlug}`
                            : '/'}
                        {folder ? ` · in ${folder}` : ''}
                        {other ? ` · now in ${other.name}` : ''}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          {formError ? (
            <p className="notice notice--error" role="alert">
              {formError}
            </p>
          ) : null}
          <div className="member-areas__actions">
            <Button type="submit" variant="primary" disabled={isBusy}>
              {area ? 'Save' : 'Create member area'}
            </Button>
            {area ? (
              <Button variant="danger" onClick={() => setIsDeleting(true)} disabled={isBusy}>
                Delete
              </Button>
            ) : null}
          </div>
        </Card>
      </form>
      <ConfirmDialog
        open={isDeleting}
        onOpenChange={setIsDeleting}
        title={`Delete “${area?.name ?? ''}”?`}
        description="Its pages stay, open to every visitor again."
        confirmLabel="Delete member area"
        onConfirm={() => void remove()}
        isBusy={isBusy}
      />
    </div>
  );
}

export function MemberAreasScreen() {
  const [list, setList] = useState<MemberAreaList | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The open area: its id, 'new', or null for the list. */
  const [open, setOpen] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setList(await memberAreasApi.list());
      setError(null);
    } catch (failure) {
      setError(errorText(failure));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  if (open && list) {
    return (
      <AreaDetail
        key={open}
        area={list.areas.find((a) => a.id === open)}
        areas={list.areas}
        choices={list}
        onBack={() => setOpen(null)}
        onSaved={() => {
          setOpen(null);
          void load();
        }}
      />
    );
  }

  const columns: DataColumn<MemberArea>[] = [
    {
      key: 'name',
      header: 'Member area',
      isRowHeader: true,
      cell: (area) => (
        <button type="button" className="member-areas__open" onClick={() => setOpen(area.id)}>
          {area.name}
        </button>
      ),
    },
    {
      key: 'access',
      header: 'Who gets in',
      cell: (area) =>
        list ? (
          <Badge tone={area.access === 'paid' ? 'accent' : 'neutral'}>
            {whoGetsIn(area, list)}
          </Badge>
        ) : null,
    },
    {
      key: 'pages',
      header: 'Pages and folders',
      className: 'member-areas__num member-areas__wide-only',
      cell: (area) => String(area.pageIds.length),
    },
  ];

  let body: React.ReactNode;
  if (error) {
    body = (
      <div className="ui-list__error">
        <p role="alert" className="notice notice--error">
          {error}
        </p>
        <Button size="sm" onClick={() => void load()}>
          {editorMessages.tryAgain}
        </Button>
      </div>
    );
  } else if (list === null) {
    body = <Skeleton lines={3} label="Loading member areas…" />;
  } else if (list.areas.length === 0) {
    body = (
      <EmptyState
        title="No member areas yet"
        action={
          <Button variant="primary" onClick={() => setOpen('new')}>
            New member area
          </Button>
        }
      >
        Put pages or whole folders in a member area so only signed-in customers — or only those who
        bought access — can see them.
      </EmptyState>
    );
  } else {
    body = (
      <DataTable
        caption="Member areas"
        isCaptionHidden
        rows={list.areas}
        columns={columns}
        rowKey={(area) => area.id}
        rowLabel={(area) => area.name}
      />
    );
  }

  return (
    <div className="screen member-areas">
      <div className="screen-header">
        <div>
          <h1>Member areas</h1>
          <p className="screen-header__lead">
            Pages for customers with an account. Everyone else sees the lock screen with links to
            sign in or create an account. A single page can also have its own password, in its page
            settings.
          </p>
        </div>
        {list && list.areas.length > 0 ? (
          <Button variant="primary" onClick={() => setOpen('new')}>
            New member area
          </Button>
        ) : null}
      </div>
      <Card as="div">{body}</Card>
    </div>
  );
}
