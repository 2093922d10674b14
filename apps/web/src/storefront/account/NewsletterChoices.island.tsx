import type { AccountMailingList } from '@atelier/contract';
import { accountPageText as text } from '@atelier/core/messages';
import { useState } from 'react';
import { accountSectionsApi } from './account-client.ts';

// The account page's newsletter choices (issue 23): one checkbox per mailing list of the
// site, saved as soon as it changes. Ticking subscribes the account's confirmed email at
// once (the newsletter feature records it with source 'account' and sends the welcome
// email with its unsubscribe link); unticking leaves the list. A bounced address cannot
// be ticked: mail to it does not arrive. Ids come from the list ids, never useId.

export type NewsletterChoicesProps = { lists: AccountMailingList[] };

export default function NewsletterChoices({ lists: initial }: NewsletterChoicesProps) {
  const [lists, setLists] = useState(initial);
  const [busyList, setBusyList] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<{ listId: string; message: string } | null>(null);

  async function choose(list: AccountMailingList, isSubscribed: boolean) {
    // One change at a time; the boxes stay enabled so keyboard focus is never dropped.
    if (busyList !== null) return;
    setBusyList(list.listId);
    setNotice('');
    setFailure(null);
    // The box follows the click at once; a refusal puts it back.
    const before = lists;
    setLists(
      lists.map((l) =>
        l.listId === list.listId
          ? { ...l, status: isSubscribed ? 'subscribed' : 'unsubscribed' }
          : l,
      ),
    );
    const result = await accountSectionsApi.setNewsletter(list.listId, isSubscribed);
    setBusyList(null);
    if (!result.ok) setLists(before);
    if (result.ok) {
      setLists(result.value.lists);
      setNotice(
        isSubscribed
          ? text.newsletterSubscribed(list.name)
          : text.newsletterUnsubscribed(list.name),
      );
      return;
    }
    setFailure({ listId: list.listId, message: result.failure.message });
    requestAnimationFrame(() => document.getElementById(`newsletter-${list.listId}`)?.focus());
  }

  return (
    <div className="newsletter-choices">
      <ul className="newsletter-choices__list">
        {lists.map((list) => {
          const id = `newsletter-${list.listId}`;
          const isBounced = list.status === 'bounced';
          const error = failure?.listId === list.listId ? failure.message : null;
          const described = [
            list.description && `${id}-description`,
            isBounced && `${id}-bounced`,
            error && `${id}-error`,
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <li key={list.listId} className="newsletter-choices__item">
              <input
                type="checkbox"
                className="newsletter-choices__check"
                id={id}
                checked={list.status === 'subscribed'}
                disabled={isBounced}
                aria-busy={busyList === list.listId || undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={described || undefined}
                onChange={(event) => void choose(list, event.target.checked)}
              />
              <div>
                <label htmlFor={id} className="newsletter-choices__name">
                  {list.name}
                </label>
                {list.description ? (
                  <p className="form-field__hint" id={`${id}-description`}>
                    {list.description}
                  </p>
                ) : null}
                {isBounced ? (
                  <p className="form-field__hint" id={`${id}-bounced`}>
                    {text.newsletterBounced}
                  </p>
                ) : null}
                {error ? (
                  <p className="form-field__error" id={`${id}-error`}>
                    {error}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <p className="newsletter-choices__notice" role="status">
        {notice}
      </p>
    </div>
  );
}
