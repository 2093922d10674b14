import { isSafeHref, linkMessages, normaliseWebAddress } from '@atelier/core';
import { useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { LinkEditor } from './LinkEditor.tsx';

// A block's link (the button block's): typed as an address, or made in the link editor
// with its Page, Web Address, Email, Phone and File tabs. The server applies the same
// isSafeHref rule on save; this says so while the person is still typing.
export function LinkField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (href: string) => void;
}) {
  const id = useId();
  const [isEditing, setIsEditing] = useState(false);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const error = value.trim() !== '' && !isSafeHref(value.trim()) ? linkMessages.linkFormat : null;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].join(' ').trim();

  function close() {
    setIsEditing(false);
    requestAnimationFrame(() => chooseRef.current?.focus());
  }

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => {
          // 'example.com' means https://example.com, as in the link editor.
          const typed = value.trim();
          if (typed === '' || isSafeHref(typed)) return;
          const address = normaliseWebAddress(typed);
          if (address.ok) onChange(address.value);
        }}
      />
      <p className="field__hint" id={`${id}-hint`}>
        A page of this site such as /shop, a web address, or any link from the link editor.
      </p>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <button
        ref={chooseRef}
        type="button"
        className="button button--small"
        aria-label={`Edit ${label.toLowerCase()} in the link editor`}
        onClick={() => setIsEditing(true)}
      >
        Link editor…
      </button>
      {isEditing
        ? // Its own form: a portal keeps it out of any form around this field.
          createPortal(
            <LinkEditor
              initial={value.trim() ? { href: value.trim(), isNewWindow: false } : null}
              canOpenInNewWindow={false}
              onApply={(link) => {
                onChange(link.href);
                close();
              }}
              onClose={close}
            />,
            document.body,
          )
        : null}
    </div>
  );
}
