/**
 * Page type 101: what a visitor sees when a page could not be shown — the server failed,
 * or the visitor asked too often. The site's header and footer stay around it, so the
 * visitor is still on the shop and one click from going on.
 */
export function ErrorPage({ message }: { message: string }) {
  return (
    <div className="not-found-page" role="alert">
      <h1>Something went wrong</h1>
      <p>{message}</p>
      <p className="not-found-page__actions">
        <a className="button" href="/">
          Go to the home page
        </a>{' '}
        <a href="/shop">Browse the shop</a>
      </p>
    </div>
  );
}
