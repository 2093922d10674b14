/** Page type 100: what a visitor sees for an address that leads nowhere. */
export function NotFoundPage() {
  return (
    <div className="not-found-page">
      <h1>Page not found</h1>
      <p>We couldn’t find the page you were looking for. It may have moved or no longer exists.</p>
      <p className="not-found-page__actions">
        <a className="button" href="/">
          Go to the home page
        </a>{' '}
        <a href="/shop">Browse the shop</a>
      </p>
    </div>
  );
}
