import type { ReactNode } from 'react';
import { Island } from '../../islands/Island.tsx';
import type { SiteView } from '../../ui/page-context.ts';
import CartStatus from '../cart/CartStatus.island.tsx';

type SiteFrameProps = { site: SiteView; currentPath: string; children: ReactNode };

/** Header with navigation and cart link, the page's main region, and the footer. */
export function SiteFrame({ site, currentPath, children }: SiteFrameProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <a className="site-title" href="/">
            {site.title}
          </a>
          <nav aria-label="Main">
            <ul className="nav">
              {site.navigation.map((item) => (
                <li key={item.href}>
                  <a
                    href={item.href}
                    aria-current={isCurrent(item.href, currentPath) ? 'page' : undefined}
                  >
                    {item.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="site-header__tools">
            <search>
              <form className="header-search" action="/search" method="get">
                <label className="visually-hidden" htmlFor="header-search-q">
                  Search products
                </label>
                <input id="header-search-q" name="q" type="search" placeholder="Search" />
              </form>
            </search>
            <Island
              name="CartStatus"
              component={CartStatus}
              hydrateWhen="cart"
              props={{
                currency: site.currency,
                useCLDRMoneyFormat: site.useCLDRMoneyFormat,
                // The pill would only point back at where the shopper already is.
                isCartPage: currentPath === '/cart' || currentPath === '/checkout',
                isExpressCheckout: site.isExpressCheckout,
              }}
            />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <p>
          © {site.title}. {site.description}
        </p>
      </footer>
    </>
  );
}

function isCurrent(href: string, currentPath: string) {
  if (href === '/') return currentPath === '/';
  return currentPath === href || currentPath.startsWith(`${href}/`);
}
