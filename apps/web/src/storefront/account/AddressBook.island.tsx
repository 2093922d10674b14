import type { AccountAddress, AccountAddressBody } from '@atelier/contract';
import { formMessages, accountPageText as text } from '@atelier/core/messages';
import { useEffect, useRef, useState } from 'react';
import { PostalAddress } from '../../ui/PostalAddress.tsx';
import { COUNTRY_CODES, countryName } from '../checkout/countries.ts';
import { accountSectionsApi } from './account-client.ts';

// The account page's address book (issue 23): add, edit, delete, make default. The form
// takes the checkout's fields with the checkout's limits (the server checks them with the
// same contract schema). One form is open at a time, so its ids are fixed strings (an
// island hydrates as its own root, where useId would not match the server's ids).

export type AddressBookProps = {
  addresses: AccountAddress[];
  locale: string;
};

type Draft = Required<Omit<AccountAddressBody, 'isDefault'>> & { isDefault: boolean };
type Key = keyof Omit<Draft, 'isDefault'>;

const TEXT_FIELDS: readonly { key: Key; autoComplete: string; max: number; isRequired: boolean }[] =
  [
    { key: 'name', autoComplete: 'name', max: 200, isRequired: true },
    { key: 'line1', autoComplete: 'address-line1', max: 200, isRequired: true },
    { key: 'line2', autoComplete: 'address-line2', max: 200, isRequired: false },
    { key: 'city', autoComplete: 'address-level2', max: 100, isRequired: true },
    { key: 'region', autoComplete: 'address-level1', max: 100, isRequired: false },
    { key: 'postalCode', autoComplete: 'postal-code', max: 20, isRequired: true },
  ];

const FORM_ID = 'address-form';
const fieldId = (key: string) => `${FORM_ID}-${key}`;

const emptyDraft = (isDefault: boolean): Draft => ({
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: 'US',
  isDefault,
});

const draftOf = (entry: AccountAddress): Draft => ({
  ...emptyDraft(entry.isDefault),
  ...entry.address,
  line2: entry.address.line2 ?? '',
  region: entry.address.region ?? '',
  isDefault: entry.isDefault,
});

/** What is sent: optional parts left out when empty, as checkout sends them. */
function bodyOf(draft: Draft): AccountAddressBody {
  const { line2, region, ...rest } = draft;
  return {
    ...rest,
    ...(line2.trim() && { line2 }),
    ...(region.trim() && { region }),
  };
}

export default function AddressBook({ addresses: initial, locale }: AddressBookProps) {
  const [addresses, setAddresses] = useState(initial);
  /** 'new', an address id being edited, or null when no form is open. */
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(emptyDraft(false));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [listError, setListError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);
  const country = (code: string) => countryName(code, locale);

  // After a refused save: focus the first field in error, else the form's message.
  useEffect(() => {
    if (attempt === 0) return;
    const first = [...TEXT_FIELDS.map((f) => f.key), 'country'].find((key) => errors[key]);
    (first ? document.getElementById(fieldId(first)) : formErrorRef.current)?.focus();
  }, [attempt, errors]);

  const focusSoon = (id: string) =>
    requestAnimationFrame(() => document.getElementById(id)?.focus());

  function open(target: string, next: Draft) {
    setEditing(target);
    setDraft(next);
    setErrors({});
    setFormError(null);
    setDeleting(null);
    setNotice('');
    focusSoon(fieldId('name'));
  }

  function close(focusId: string) {
    setEditing(null);
    setErrors({});
    setFormError(null);
    focusSoon(focusId);
  }

  /** The list changed: show it, say what happened where focus lands. */
  function done(next: AccountAddress[], message: string) {
    setAddresses(next);
    setEditing(null);
    setDeleting(null);
    setListError(null);
    setNotice(message);
    requestAnimationFrame(() => noticeRef.current?.focus());
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const local: Record<string, string> = {};
    for (const field of TEXT_FIELDS) {
      if (field.isRequired && !draft[field.key].trim()) local[field.key] = formMessages.required;
    }
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setFormError(text.fixErrors);
      setAttempt((n) => n + 1);
      return;
    }
    setIsBusy(true);
    const isNew = editing === 'new';
    const result = isNew
      ? await accountSectionsApi.addAddress(bodyOf(draft))
      : await accountSectionsApi.updateAddress(editing ?? '', bodyOf(draft));
    setIsBusy(false);
    if (result.ok) {
      done(result.value.addresses, isNew ? text.addressAdded : text.addressSaved);
      return;
    }
    const fields = result.failure.fields ?? {};
    const known = Object.fromEntries(
      Object.entries(fields).filter(
        ([key]) => key === 'country' || TEXT_FIELDS.some((f) => f.key === key),
      ),
    );
    setErrors(known);
    setFormError(Object.keys(known).length > 0 ? text.fixErrors : result.failure.message);
    setAttempt((n) => n + 1);
  }

  async function act(
    call: () => ReturnType<typeof accountSectionsApi.makeDefault>,
    message: string,
  ) {
    setIsBusy(true);
    setListError(null);
    setNotice('');
    const result = await call();
    setIsBusy(false);
    if (result.ok) done(result.value.addresses, message);
    else {
      setListError(result.failure.message);
      requestAnimationFrame(() => noticeRef.current?.focus());
    }
  }

  const describedBy = (key: string) => (errors[key] ? `${fieldId(key)}-error` : undefined);

  const form = (
    <form
      className="account-form address-book__form"
      aria-labelledby={`${FORM_ID}-title`}
      onSubmit={save}
      noValidate
    >
      <h3 id={`${FORM_ID}-title`} className="account-form__title">
        {editing === 'new' ? text.newAddressTitle : text.editAddressTitle}
      </h3>
      <p className="form-error" role="alert" tabIndex={-1} ref={formErrorRef}>
        {formError}
      </p>
      {TEXT_FIELDS.map((field) => (
        <div className="form-field" key={field.key}>
          <label htmlFor={fieldId(field.key)}>{text.addressFields[field.key]}</label>
          <input
            id={fieldId(field.key)}
            name={field.key}
            autoComplete={`shipping ${field.autoComplete}`}
            maxLength={field.max}
            required={field.isRequired}
            value={draft[field.key]}
            aria-invalid={errors[field.key] ? true : undefined}
            aria-describedby={describedBy(field.key)}
            onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
          />
          {errors[field.key] ? (
            <p className="form-field__error" id={`${fieldId(field.key)}-error`}>
              {errors[field.key]}
            </p>
          ) : null}
        </div>
      ))}
      <div className="form-field">
        <label htmlFor={fieldId('country')}>{text.addressFields.country}</label>
        <select
          id={fieldId('country')}
          name="country"
          autoComplete="shipping country"
          value={draft.country}
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={describedBy('country')}
          onChange={(event) => setDraft({ ...draft, country: event.target.value })}
        >
          {COUNTRY_CODES.map((code) => (
            <option key={code} value={code}>
              {country(code)}
            </option>
          ))}
        </select>
        {errors.country ? (
          <p className="form-field__error" id={`${fieldId('country')}-error`}>
            {errors.country}
          </p>
        ) : null}
      </div>
      <label className="account-form__check">
        <input
          type="checkbox"
          id={fieldId('default')}
          checked={draft.isDefault}
          // The default moves by choosing another address, never by unticking it here.
          disabled={editing !== 'new' && addresses.some((a) => a.id === editing && a.isDefault)}
          onChange={(event) => setDraft({ ...draft, isDefault: event.target.checked })}
        />{' '}
        {text.useAsDefault}
      </label>
      <div className="address-book__actions">
        <button type="submit" className="button" disabled={isBusy}>
          {isBusy ? text.working : text.saveAddress}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            close(editing === 'new' ? 'address-book-add' : `address-${editing ?? ''}-edit`)
          }
        >
          {text.cancel}
        </button>
      </div>
    </form>
  );

  return (
    <div className="address-book">
      <p
        className={
          listError ? 'address-book__notice address-book__notice--problem' : 'address-book__notice'
        }
        role="status"
        tabIndex={-1}
        ref={noticeRef}
      >
        {listError ?? notice}
      </p>
      {addresses.length === 0 && editing !== 'new' ? <p>{text.noAddresses}</p> : null}
      {addresses.length > 0 ? (
        <ul className="address-book__list">
          {addresses.map((entry) => {
            const name = entry.address.name;
            if (editing === entry.id) {
              return (
                <li key={entry.id} className="address-book__item address-book__item--editing">
                  {form}
                </li>
              );
            }
            return (
              <li key={entry.id} className="address-book__item">
                {entry.isDefault ? (
                  <p className="address-book__default">{text.defaultAddress}</p>
                ) : null}
                <PostalAddress
                  address={entry.address}
                  className="address-book__address"
                  countryName={country}
                />
                {deleting === entry.id ? (
                  <div className="address-book__confirm">
                    <p className="address-book__confirm-text" id={`address-${entry.id}-confirm`}>
                      {text.confirmDeleteAddress(name)}
                    </p>
                    <div className="address-book__actions">
                      <button
                        type="button"
                        id={`address-${entry.id}-confirm-delete`}
                        className="button button--danger"
                        aria-describedby={`address-${entry.id}-confirm`}
                        disabled={isBusy}
                        onClick={() =>
                          act(() => accountSectionsApi.deleteAddress(entry.id), text.addressDeleted)
                        }
                      >
                        {text.delete}
                      </button>
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() => {
                          setDeleting(null);
                          focusSoon(`address-${entry.id}-delete`);
                        }}
                      >
                        {text.cancel}
                      </button>
                    </div>
                  </div>
                ) : (
                  <div className="address-book__actions">
                    <button
                      type="button"
                      id={`address-${entry.id}-edit`}
                      className="button button--secondary button--small"
                      aria-label={text.editAddress(name)}
                      disabled={isBusy}
                      onClick={() => open(entry.id, draftOf(entry))}
                    >
                      {text.edit}
                    </button>
                    {entry.isDefault ? null : (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={text.makeDefault(name)}
                        disabled={isBusy}
                        onClick={() =>
                          act(() => accountSectionsApi.makeDefault(entry.id), text.defaultChanged)
                        }
                      >
                        {text.setDefault}
                      </button>
                    )}
                    <button
                      type="button"
                      id={`address-${entry.id}-delete`}
                      className="button button--secondary button--small"
                      aria-label={text.deleteAddress(name)}
                      disabled={isBusy}
                      onClick={() => {
                        setDeleting(entry.id);
                        setEditing(null);
                        focusSoon(`address-${entry.id}-confirm-delete`);
                      }}
                    >
                      {text.delete}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {editing === 'new' ? (
        form
      ) : (
        <button
          type="button"
          id="address-book-add"
          className="button"
          disabled={isBusy}
          onClick={() => open('new', emptyDraft(addresses.length === 0))}
        >
          {text.addAddress}
        </button>
      )}
    </div>
  );
}
