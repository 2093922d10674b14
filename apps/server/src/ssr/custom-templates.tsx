import type { CustomRegions } from '@atelier/web/storefront/layout/SiteFrame.tsx';
import type { SiteTemplates } from '../features/templates/templates.service.ts';

export { NO_TEMPLATES } from '../features/templates/templates.service.ts';

// Developer mode on public pages: where a website has its own template for a region, the
// region is the template's output over the page's JSON context instead of the React
// default. The HTML is the admin's own (as in any site builder's developer mode); the CSP
// still refuses inline script, so a template cannot run code in a visitor's browser.

/** The header and footer templates' output; they see the site context on every page. */
export function customRegions(
  templates: SiteTemplates,
  context: { website: object; navigation: unknown },
): CustomRegions | undefined {
  const header = templates.render('header', context);
  const footer = templates.render('footer', context);
  if (header === null && footer === null) return undefined;
  return { ...(header !== null && { header }), ...(footer !== null && { footer }) };
}

/** A page's main region rendered by the website's template. */
export function TemplateOutput({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the admin's own template output is the page.
  return <div className="site-template" dangerouslySetInnerHTML={{ __html: html }} />;
}
