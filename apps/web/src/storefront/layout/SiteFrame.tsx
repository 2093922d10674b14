import type { PublicNavigationItem, SiteView } from '@atelier/contract';
import { accountPageText } from '@atelier/core/messages';
import type { ReactNode } from 'react';
import { LayoutView } from '../../blocks/render.tsx';
import { Island } from '../../islands/Island.tsx';
import CartStatus from '../cart/CartStatus.island.tsx';

/** Developer mode: HTML of the website's own header and footer templates, rendered on the server. */
export type CustomRegions = { header?: string; footer?: string };

type SiteFrameProps = {
  site: SiteView;
  currentPath: string;
  children: ReactNode;
  regions?: CustomRegions | undefined;
  /**
   * On the editor's canvas: the header and footer are shown as visitors see them but do
   * not take clicks or focus (they are edited on their own screen).
   */
  isCanvas?: boolean;
};

/** Header with navigation and cart link, the page's main region, and the footer. */
export function SiteFrame({ site, currentPath, children, regions, isCanvas }: SiteFrameProps) {
  return (
    <>
      {isCanvas ? null : (
        <a className="skip-link" href="#main">
          Skip to content
        </a>
      )}
      <header className="site-header" inert={isCanvas}>
        <div className="site-header__inner">
          {regions?.header !== undefined ? (
            // Search and the cart stay: a template cannot carry the cart island.
            <CustomRegion className="site-header__custom" html={regions.header} />
          ) : (
            <>
              <SiteTitle site={site} />
              <nav aria-label="Main">
                <ul className="nav">
                  {site.navigation.map((item) => (
                    <NavigationEntry
                      key={`${item.title} ${item.href}`}
                      item={item}
                      currentPath={currentPath}
                    />
                  ))}
                </ul>
              </nav>
            </>
          )}
          <div className="site-header__tools">
            <search>
              <form className="header-search" action="/search" method="get">
                <label className="visually-hidden" htmlFor="header-search-q">
                  Search products
                </label>
                <input id="header-search-q" name="q" type="search" placeholder="Search" />
              </form>
            </search>
            <a className="account-link" href="/account">
              {accountPageText.accountLink}
            </a>
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
          {regions?.header !== undefined ? null : (
            <PhoneMenu site={site} currentPath={currentPath} />
          )}
        </div>
        {site.headerFooter && site.headerFooter.header.length > 0 ? (
          <div className="site-header__blocks">
            <LayoutView
              blocks={site.headerFooter.header}
              data={site.headerFooter.data}
              useCLDRMoneyFormat={site.useCLDRMoneyFormat}
            />
          </div>
        ) : null}
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer" inert={isCanvas}>
        {site.headerFooter && site.headerFooter.footer.length > 0 ? (
          <div className="site-footer__blocks">
            <LayoutView
              blocks={site.headerFooter.footer}
              data={site.headerFooter.data}
              useCLDRMoneyFormat={site.useCLDRMoneyFormat}
            />
          </div>
        ) : null}
        {regions?.footer !== undefined ? (
          <CustomRegion className="site-footer__custom" html={regions.footer} />
        ) : (
          <div className="site-footer__legal">
            <p>{site.headerFooter?.copyright || `© ${site.title}`}</p>
            {site.description ? <p>{site.description}</p> : null}
          </div>
        )}
        {site.hasCookiePreferences ? (
          // The island runtime opens the cookie banner on a click (islands/client.ts).
          <p className="site-footer__consent">
            <button type="button" className="button button--text" data-consent-open>
              Cookie preferences
            </button>
          </p>
        ) : null}
      </footer>
    </>
  );
}

/**
 * The site's name at the head of every page, linking home: the owner's logo when one is
 * chosen (Header & footer screen), named by the title, else the title as text. The logo's
 * box is fixed by its width and height attributes, so it never shifts the header.
 */
function SiteTitle({ site }: { site: SiteView }) {
  const logo = site.headerFooter?.logo;
  return (
    <a className="site-title" href="/">
      {logo ? (
        <img
          className="site-title__logo"
          src={logo.src}
          srcSet={logo.srcset}
          sizes="12rem"
          width={logo.width}
          height={logo.height}
          alt={site.title}
          decoding="async"
        />
      ) : (
        site.title
      )}
    </a>
  );
}

/**
 * The header's menu on a phone (SPEC §9: up to 432 px), where the links, search and
 * account link do not fit beside the title: a native disclosure, so it opens with the
 * keyboard and works before (and without) any script. Wider screens hide it and show the
 * same links in the header row instead; only one of the two is ever displayed, so
 * assistive technology meets one "Main" navigation.
 */
function PhoneMenu({ site, currentPath }: { site: SiteView; currentPath: string }) {
  return (
    <details className="site-menu">
      <summary className="site-menu__button">
        <svg className="site-menu__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path className="site-menu__bars" d="M3 5h14M3 10h14M3 15h14" />
          <path className="site-menu__cross" d="M5 5l10 10M15 5L5 15" />
        </svg>
        Menu
      </summary>
      <div className="site-menu__panel">
        <nav aria-label="Main">
          <ul className="site-menu__nav">
            {site.navigation.map((item) => (
              <NavigationEntry
                key={`${item.title} ${item.href}`}
                item={item}
                currentPath={currentPath}
              />
            ))}
          </ul>
        </nav>
        <search>
          <form className="site-menu__search" action="/search" method="get">
            <label htmlFor="site-menu-q">Search products</label>
            <input id="site-menu-q" name="q" type="search" />
          </form>
        </search>
        <a className="site-menu__account" href="/account">
          {accountPageText.accountLink}
        </a>
      </div>
    </details>
  );
}

function CustomRegion({ className, html }: { className: string; html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the admin's own template output, rendered on the server.
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * One menu entry. A folder is a native disclosure (<details>): it opens with the keyboard
 * and works without JavaScript. Its own link, when it has one, sits beside the toggle,
 * since a link inside <summary> would both navigate and toggle.
 */
function NavigationEntry({
  item,
  currentPath,
}: {
  item: PublicNavigationItem;
  currentPath: string;
}) {
  const link = (entry: PublicNavigationItem) =>
    entry.href === null ? null : (
      <a href={entry.href} aria-current={isCurrent(entry.href, currentPath) ? 'page' : undefined}>
        {entry.title}
      </a>
    );
  if (item.children.length === 0) return <li>{link(item)}</li>;
  return (
    <li className="nav-folder">
      {item.href === null ? null : link(item)}
      <details className="nav-folder__menu">
        <summary>
          {item.href === null ? (
            item.title
          ) : (
            <span className="visually-hidden">{`${item.title} pages`}</span>
          )}
        </summary>
        <ul className="nav-folder__list" aria-label={item.title}>
          {item.children.map((child) => (
            <li key={`${child.title} ${child.href}`}>{link(child)}</li>
          ))}
        </ul>
      </details>
    </li>
  );
}

function isCurrent(href: string, currentPath: string) {
  if (/^[a-z]+:/i.test(href)) return false;
  if (href === '/') return currentPath === '/';
  return currentPath === href || currentPath.startsWith(`${href}/`);
}
