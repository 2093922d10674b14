// The newsletter's two visitor pages (issue 21): the confirmation link of a double opt-in
// sign-up, and the unsubscribe link every email carries. Both work without JavaScript:
// unsubscribing is a plain form POST to the same address, the one click RFC 8058 asks
// mail clients to make. The address is shown masked: the link may have been forwarded.

export type NewsletterPageProps =
  | {
      kind: 'confirm';
      /** 'ask': a pending sign-up, confirmed by the button (a POST), never by opening the link. */
      state: 'ask' | 'confirmed' | 'already' | 'invalid';
      listName: string | null;
      siteTitle: string;
      /** Where the button posts: this page's own address with its token. */
      action: string;
    }
  | {
      kind: 'unsubscribe';
      /** null: the link names nobody (mistyped, or the address was deleted). */
      target: { listName: string; email: string; status: string } | null;
      /** After the click. */
      isDone: boolean;
      /** Where the button posts: this page's own address with its token. */
      action: string;
      siteTitle: string;
    };

/** "an•••@example.com": enough to recognise one's own address, not to learn someone's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email;
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length))}•••${email.slice(at)}`;
}

export function NewsletterPage(props: NewsletterPageProps) {
  if (props.kind === 'confirm') {
    const list = props.listName ? `“${props.listName}”` : 'the newsletter';
    return (
      <div className="newsletter-page">
        {props.state === 'ask' ? (
          <>
            <h1>Confirm your subscription</h1>
            <p>
              Press the button to receive {list} from {props.siteTitle}. Every email has a link to
              unsubscribe.
            </p>
            <form method="post" action={props.action}>
              <button type="submit" className="button">
                Confirm subscription
              </button>
            </form>
          </>
        ) : props.state === 'invalid' ? (
          <>
            <h1>This link no longer works</h1>
            <p>
              It may have expired, or a newer confirmation email replaced it. Sign up again on the
              site and use the link in the newest email.
            </p>
          </>
        ) : (
          <>
            <h1>
              {props.state === 'confirmed' ? 'You’re subscribed' : 'You’re already subscribed'}
            </h1>
            <p>
              Thank you for confirming. You’ll receive {list} from {props.siteTitle}. Every email
              has a link to unsubscribe.
            </p>
          </>
        )}
        <p>
          <a className="button" href="/">
            Go to the home page
          </a>
        </p>
      </div>
    );
  }
  const { target, isDone } = props;
  if (!target) {
    return (
      <div className="newsletter-page">
        <h1>This link no longer works</h1>
        <p>We couldn’t find the subscription this link belongs to. It may have been removed.</p>
      </div>
    );
  }
  const hasLeft = target.status !== 'subscribed' && target.status !== 'pending';
  return (
    <div className="newsletter-page">
      {hasLeft || isDone ? (
        <>
          <h1>You’re unsubscribed</h1>
          <p role={isDone ? 'status' : undefined}>
            {maskEmail(target.email)} will receive no more emails from “{target.listName}”.
          </p>
        </>
      ) : (
        <>
          <h1>Unsubscribe?</h1>
          <p>
            Stop emails from “{target.listName}” ({props.siteTitle}) to {maskEmail(target.email)}.
          </p>
          <form method="post" action={props.action}>
            <button type="submit" className="button">
              Unsubscribe
            </button>
          </form>
        </>
      )}
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </div>
  );
}
