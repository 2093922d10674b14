import { SITE_USER_INFO_COOKIE, SITE_USER_SESSION_COOKIE, type SiteView } from '@atelier/contract';
import { accountPageText, type CheckoutPrefill, isSameSitePath } from '@atelier/core';
import { AccountFormPage, AccountPage } from '@atelier/web/storefront/account/AccountPages.tsx';
import {
  SubscriptionLinkProblem,
  SubscriptionPage,
} from '@atelier/web/storefront/subscriptions/SubscriptionPage.tsx';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AccountSession } from '../features/site-users/site-users.service.ts';
import { toSiteUser } from '../features/site-users/site-users.service.ts';
import { AppError } from '../http/errors.ts';
import type { PageRender } from './render.tsx';
import type { StorefrontServices } from './storefront-services.ts';

// The customer account pages (issue 23). Every one differs per visitor or carries a
// one-time link's token, so none is ever cached, indexed, or sent on as a referrer.

const linkQuery = z.object({ t: z.string().min(20).max(200).optional() });
const subscriptionParams = z.object({ subscriptionId: z.string().uuid() });
/** A same-site path to come back to after signing in (a member area's lock screen). */
const returnQuery = z.object({
  return: z.string().max(500).refine(isSameSitePath),
});

type Deps = {
  services: StorefrontServices;
  siteFor: (
    request: FastifyRequest,
  ) => Promise<{ website: { id: string; language: string; timeZone: string }; site: SiteView }>;
  send: (reply: FastifyReply, page: PageRender, status?: number) => unknown;
};

const FORM_PAGES = [
  { path: '/account/sign-in', kind: 'sign-in', title: accountPageText.signInTitle },
  { path: '/account/sign-up', kind: 'sign-up', title: accountPageText.signUpTitle },
  { path: '/account/forgot-password', kind: 'forgot-password', title: accountPageText.forgotTitle },
  { path: '/account/reset-password', kind: 'reset-password', title: accountPageText.resetTitle },
  { path: '/account/verify-email', kind: 'verify-email', title: accountPageText.verifyTitle },
] as const;

export function registerAccountPages(app: FastifyInstance, { services, siteFor, send }: Deps) {
  const siteUsers = services.siteUsers;
  if (!siteUsers) return;

  function privatePage(reply: FastifyReply) {
    reply
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex');
  }

  async function sessionOf(request: FastifyRequest, reply: FastifyReply, websiteId: string) {
    const token = request.cookies[SITE_USER_SESSION_COOKIE];
    const session = await siteUsers?.sessionOf(websiteId, token);
    if (!session && token) {
      reply.clearCookie(SITE_USER_SESSION_COOKIE, { path: '/' });
      reply.clearCookie(SITE_USER_INFO_COOKIE, { path: '/' });
    }
    return session;
  }

  for (const page of FORM_PAGES) {
    app.get(page.path, { schema: { hide: true } }, async (request, reply) => {
      const { website, site } = await siteFor(request);
      privatePage(reply);
      const isLinkPage = page.kind === 'reset-password' || page.kind === 'verify-email';
      // Signed in already: the forms for signing in or up would only confuse.
      if (
        !isLinkPage &&
        page.kind !== 'forgot-password' &&
        (await sessionOf(request, reply, website.id))
      ) {
        return reply.redirect('/account', 302);
      }
      const query = linkQuery.safeParse(request.query);
      const token = query.success ? query.data.t : undefined;
      const returnTo = returnQuery.safeParse(request.query).data?.return;
      return send(reply, {
        site,
        currentPath: page.path,
        head: { title: page.title, description: site.description, path: page.path },
        body: (
          <AccountFormPage
            kind={page.kind}
            {...(isLinkPage && { token: token ?? '' })}
            {...(page.kind === 'sign-up' && { language: website.language })}
            {...(returnTo && (page.kind === 'sign-in' || page.kind === 'sign-up') && { returnTo })}
          />
        ),
      });
    });
  }

  app.get('/account', { schema: { hide: true } }, async (request, reply) => {
    const { website, site } = await siteFor(request);
    privatePage(reply);
    const session: AccountSession | undefined = await sessionOf(request, reply, website.id);
    if (!session) return reply.redirect('/account/sign-in', 302);
    const { user } = session;
    const sections = services.accountSections;
    const [orders, addresses, subscriptions, downloads, newsletters] = await Promise.all([
      siteUsers.orders(website.id, session),
      sections?.addresses(website.id, user) ?? [],
      sections?.subscriptions(website.id, user) ?? [],
      sections?.downloads(website.id, user) ?? [],
      sections?.newsletters(website.id, user) ?? [],
    ]);
    return send(reply, {
      site,
      currentPath: '/account',
      head: {
        title: accountPageText.accountTitle,
        description: site.description,
        path: '/account',
      },
      body: (
        <AccountPage
          account={toSiteUser(session.user)}
          orders={orders}
          addresses={addresses}
          subscriptions={subscriptions}
          downloads={downloads}
          newsletters={newsletters}
          locale={site.language}
          timeZone={website.timeZone}
          useCLDRMoneyFormat={site.useCLDRMoneyFormat}
        />
      ),
    });
  });

  // One of the account's subscriptions: the manage page an emailed link opens (card,
  // cancel), one implementation of it, whose calls here go through the account's own
  // session routes (no link token, so nothing lapses while signed in). Another account's
  // subscription, or an unknown id, is the same 404.
  app.get(
    '/account/subscriptions/:subscriptionId',
    { schema: { hide: true } },
    async (request, reply) => {
      const { website, site } = await siteFor(request);
      privatePage(reply);
      const session = await sessionOf(request, reply, website.id);
      if (!session) return reply.redirect('/account/sign-in', 302);
      const params = subscriptionParams.safeParse(request.params);
      const managed =
        params.success && services.accountSections
          ? await services.accountSections
              .subscription(website.id, session.user, params.data.subscriptionId)
              .catch((error: unknown) => {
                if (error instanceof AppError && error.code === 'SUBSCRIPTION_NOT_FOUND') {
                  return null;
                }
                throw error;
              })
          : null;
      const path = '/account/subscriptions';
      return send(
        reply,
        {
          site,
          currentPath: path,
          head: { title: 'Your subscription', description: site.description, path },
          body: (
            <>
              <p className="account-back">
                <a href="/account#subscriptions">{accountPageText.backToAccount}</a>
              </p>
              {managed ? (
                <SubscriptionPage
                  subscription={managed}
                  access={{ kind: 'account' }}
                  useCLDRMoneyFormat={site.useCLDRMoneyFormat}
                  timeZone={website.timeZone}
                />
              ) : (
                <SubscriptionLinkProblem />
              )}
            </>
          ),
        },
        managed ? 200 : 404,
      );
    },
  );
}

/**
 * What checkout fills in for a signed-in customer (issue 23): the account's email and its
 * default address. Nothing is saved on the checkout until the shopper saves each step;
 * the checkout pages are no-store, so nothing of one customer is ever cached for another.
 */
export async function checkoutPrefillOf(
  services: Pick<StorefrontServices, 'siteUsers' | 'accountSections'>,
  request: FastifyRequest,
  websiteId: string,
): Promise<CheckoutPrefill | undefined> {
  const token = request.cookies[SITE_USER_SESSION_COOKIE];
  if (!token || !services.siteUsers) return undefined;
  const session = await services.siteUsers.sessionOf(websiteId, token);
  if (!session) return undefined;
  const address =
    (await services.accountSections?.defaultAddress(websiteId, session.user.site_user_id)) ?? null;
  return { email: session.user.email, address };
}
