import {
  buildLinkHref,
  type Link,
  type LinkError,
  type LinkInput,
  type LinkKind,
  parseLinkHref,
  type Result,
} from '@atelier/core';

// The link editor's form as plain state, so its rules are tested without a browser: each
// tab keeps its own fields (switching tabs loses nothing), and submitting builds the href
// of the tab on show with core's rules.

export type LinkFormState = {
  kind: LinkKind;
  pagePath: string;
  address: string;
  email: string;
  subject: string;
  cc: string;
  bcc: string;
  body: string;
  phone: string;
  filePath: string;
  isNewWindow: boolean;
};

export const LINK_TAB_LABELS: Record<LinkKind, string> = {
  page: 'Page',
  web: 'Web Address',
  email: 'Email',
  phone: 'Phone',
  file: 'File',
};

const blank: LinkFormState = {
  kind: 'web',
  pagePath: '',
  address: '',
  email: '',
  subject: '',
  cc: '',
  bcc: '',
  body: '',
  phone: '',
  filePath: '',
  isNewWindow: false,
};

/** The form for a new link (Web Address first) or for editing an existing href. */
export function initialLinkForm(link: Link | null): LinkFormState {
  if (!link || link.href === '') return blank;
  const input = parseLinkHref(link.href);
  const state: LinkFormState = { ...blank, kind: input.kind, isNewWindow: link.isNewWindow };
  switch (input.kind) {
    case 'page':
      return { ...state, pagePath: input.path };
    case 'web':
      return { ...state, address: input.address };
    case 'email':
      return {
        ...state,
        email: input.email,
        subject: input.subject ?? '',
        cc: input.cc ?? '',
        bcc: input.bcc ?? '',
        body: input.body ?? '',
      };
    case 'phone':
      return { ...state, phone: input.phone };
    case 'file':
      return { ...state, filePath: input.path };
  }
}

function inputOf(state: LinkFormState): LinkInput {
  switch (state.kind) {
    case 'page':
      return { kind: 'page', path: state.pagePath };
    case 'web':
      return { kind: 'web', address: state.address };
    case 'email':
      return {
        kind: 'email',
        email: state.email,
        subject: state.subject,
        cc: state.cc,
        bcc: state.bcc,
        body: state.body,
      };
    case 'phone':
      return { kind: 'phone', phone: state.phone };
    case 'file':
      return { kind: 'file', path: state.filePath };
  }
}

/** The link to apply, or the message for the field at fault (field names match the form). */
export function submitLinkForm(state: LinkFormState): Result<Link, LinkError> {
  const href = buildLinkHref(inputOf(state));
  return href.ok ? { ok: true, value: { href: href.value, isNewWindow: state.isNewWindow } } : href;
}
