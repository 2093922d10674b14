import type { SessionState } from '@atelier/contract';
import {
  type Capability,
  editorMessages,
  isProductType,
  ProductType,
  ROLE_LABELS,
  type Role,
} from '@atelier/core';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AccountScreen } from './account/AccountScreen.tsx';
import { isAnalyticsPath } from './analytics/analytics-range.ts';
import { ApiError, api } from './api/client.ts';
import { CampaignsScreen } from './campaigns/CampaignsScreen.tsx';
import { CapabilitiesProvider } from './capabilities.tsx';
import { CustomerDetail } from './customers/CustomerDetail.tsx';
import { CustomersScreen } from './customers/CustomersScreen.tsx';
import { type DetailRoute, detailPath, detailRouteOf } from './detail-routes.ts';
import { DiscountsScreen } from './discounts/DiscountsScreen.tsx';
import { FileManager } from './files/FileManager.tsx';
import { FormsScreen } from './forms/FormsScreen.tsx';
import { formInboxPath, InboxScreen } from './forms/InboxScreen.tsx';
import { GiftCardDetail } from './giftcards/GiftCardDetail.tsx';
import { GiftCardsScreen } from './giftcards/GiftCardsScreen.tsx';
import { HeaderFooterEditor } from './HeaderFooterEditor.tsx';
import { AcceptInvitationScreen, isInvitationLocation } from './InvitationScreen.tsx';
import { MemberAreasScreen } from './member-areas/MemberAreasScreen.tsx';
import { NoScreensNotice } from './NoScreensNotice.tsx';
import { MailingListsScreen, mailingListPath } from './newsletter/MailingListsScreen.tsx';
import { MailLog } from './orders/MailLog.tsx';
import { OrderDetail } from './orders/OrderDetail.tsx';
import { OrdersScreen } from './orders/OrdersScreen.tsx';
import { PageEditor } from './PageEditor.tsx';
import { PagesPanel } from './PagesPanel.tsx';
import { PageViewer } from './PageViewer.tsx';
import { PRODUCT_NAME } from './product-name.ts';
import { CategoryManager } from './products/CategoryManager.tsx';
import { InventoryScreen } from './products/InventoryScreen.tsx';
import { ProductEditor } from './products/ProductEditor.tsx';
import { ProductsScreen } from './products/ProductsScreen.tsx';
import { TagManager } from './products/TagManager.tsx';
import { RestockScreen } from './restock/RestockScreen.tsx';
import { SignInScreen } from './SignInScreen.tsx';
import { SCREEN_TITLES, type Screen, screensFor, startScreen } from './screens.ts';
import { SettingsScreen } from './settings/SettingsScreen.tsx';
import { StoreScreen } from './store/StoreScreen.tsx';
import { SubscriptionDetail, SubscriptionsScreen } from './subscriptions/SubscriptionsScreen.tsx';
import {
  UnsavedChangesProvider,
  useHasUnsavedChanges,
  useLeaveConfirm,
} from './UnsavedChanges.tsx';
import { AppShell, Button, Icon, ShellLink, Skeleton, ToastProvider } from './ui/index.ts';
import { WebhooksScreen } from './webhooks/WebhooksScreen.tsx';

/** CodeMirror is large: developer mode is its own chunk, fetched when an admin opens it. */
const DeveloperPanel = lazy(() => import('./DeveloperPanel.tsx'));
// The dashboards and their chart library are a chunk of their own: most sessions never open them.
const AnalyticsScreen = lazy(() => import('./analytics/AnalyticsScreen.tsx'));
// The Design screen's colour and font pickers are a chunk of their own too.
const DesignScreen = lazy(() => import('./design/DesignScreen.tsx'));

/** The editor at /config: who is signed in decides the screen. */
export function EditorApp() {
  const [session, setSession] = useState<SessionState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(() => {
    setLoadError(null);
    api
      .session()
      .then(setSession)
      .catch((error: unknown) =>
        setLoadError(error instanceof ApiError ? error.message : editorMessages.somethingWentWrong),
      );
  }, []);
  // The invitation screen asks for the session itself: a second request racing it, both
  // without a crumb cookie yet, could leave the browser a crumb other than the one echoed.
  useEffect(() => {
    if (!isInvitationLocation()) load();
  }, [load]);

  let screen: React.ReactNode;
  if (isInvitationLocation()) {
    // The link of an invitation email: choose a password, then the editor opens.
    screen = (
      <AcceptInvitationScreen
        onAccepted={(state) => {
          window.history.replaceState(null, '', '/config');
          setSession(state);
        }}
      />
    );
  } else if (loadError) {
    screen = (
      <div className="sign-in-page">
        <main className="sign-in ui-card">
          <h1>Atelier editor</h1>
          <p role="alert" className="notice notice--error">
            {loadError}
          </p>
          <Button variant="primary" onClick={load}>
            {editorMessages.tryAgain}
          </Button>
        </main>
      </div>
    );
  } else if (!session) {
    screen = (
      <div className="sign-in-page">
        <main className="sign-in ui-card">
          <h1>Atelier editor</h1>
          <Skeleton lines={3} />
        </main>
      </div>
    );
  } else if (session.state !== 'signed-in' || !session.member) {
    screen = (
      <SignInScreen isFirstVisit={session.state === 'needs-owner'} onSignedIn={setSession} />
    );
  } else {
    // Toasts belong to the signed-in session: signing out clears them.
    screen = (
      <CapabilitiesProvider capabilities={session.capabilities}>
        <ToastProvider>
          <UnsavedChangesProvider>
            <Workspace session={session} onSignedOut={load} />
          </UnsavedChangesProvider>
        </ToastProvider>
      </CapabilitiesProvider>
    );
  }
  return screen;
}

/** `/config/orders/<id>` (customers, gift cards) opens that detail: see detail-routes.ts. */
const detailInLocation = () => detailRouteOf(window.location.pathname);

/** `/config/forms/<id>/submissions` opens that form's inbox (issue 20). */
const FORM_INBOX_PATH = /^\/config\/forms\/([0-9a-f-]{36})\/submissions$/;
const inboxFormIdInLocation = () => FORM_INBOX_PATH.exec(window.location.pathname)?.[1] ?? null;

/** `/config/forms/<id>` opens that form in the builder, `/config/forms/new` a new one. */
const FORM_PATH = /^\/config\/forms\/([0-9a-f-]{36}|new)$/;
const formIdInLocation = () => FORM_PATH.exec(window.location.pathname)?.[1] ?? null;

/** `/config/mailing-lists` shows the lists, `/config/mailing-lists/<id>` one list (issue 21). */
const MAILING_LISTS_PATH = /^\/config\/mailing-lists(?:\/([0-9a-f-]{36}))?$/;
const mailingListRouteInLocation = () => {
  const match = MAILING_LISTS_PATH.exec(window.location.pathname);
  return match ? { listId: match[1] ?? null } : null;
};

/** `/config/pages/<id>` opens that page's editor, so Back leaves it and a reload keeps it. */
const PAGE_PATH = /^\/config\/pages\/([0-9a-f-]{36})$/;
const pageIdInLocation = () => PAGE_PATH.exec(window.location.pathname)?.[1] ?? null;

/**
 * `/config/products/<id>` edits a product and `/config/products/new?type=1` starts one, so
 * Back returns to the list and a reload keeps the product open.
 */
const PRODUCT_PATH = /^\/config\/products\/([0-9a-f-]{36}|new)$/;
type ProductRoute = { productId: string | null; newType: ProductType };
function productRouteInLocation(): ProductRoute | null {
  const match = PRODUCT_PATH.exec(window.location.pathname);
  if (!match?.[1]) return null;
  if (match[1] !== 'new') return { productId: match[1], newType: ProductType.physical };
  const type = Number(new URLSearchParams(window.location.search).get('type'));
  return { productId: null, newType: isProductType(type) ? type : ProductType.physical };
}

function Workspace({ session, onSignedOut }: { session: SessionState; onSignedOut: () => void }) {
  const allowed = new Set(session.capabilities);
  const can = (capability: Capability) => allowed.has(capability);
  const items = useMemo(() => screensFor(session.capabilities), [session.capabilities]);
  // A page opens in the editor for those who may edit it, and read-only (PageViewer) for
  // those who may only read it.
  const [openPageId, setOpenPageId] = useState<string | null>(() =>
    can('pages.read') ? pageIdInLocation() : null,
  );
  // Bumped after a page changes so the list shows its new title and status.
  const [listVersion, setListVersion] = useState(0);
  const [productRoute, setProductRoute] = useState<ProductRoute | null>(productRouteInLocation);
  const [detail, setDetail] = useState<DetailRoute | null>(detailInLocation);
  // Submissions are visitors' personal data: the inbox is for those who see orders.
  const [inboxFormId, setInboxFormId] = useState<string | null>(() =>
    can('submissions.manage') ? inboxFormIdInLocation() : null,
  );
  const [openFormId, setOpenFormId] = useState<string | null>(formIdInLocation);
  const [openListId, setOpenListId] = useState<string | null>(
    () => mailingListRouteInLocation()?.listId ?? null,
  );
  const [screen, setScreen] = useState<Screen | null>(() =>
    startScreen(
      items,
      detailInLocation()?.screen ??
        (isAnalyticsPath(window.location.pathname) ? 'analytics' : undefined) ??
        (mailingListRouteInLocation() ? 'mailing-lists' : undefined) ??
        (formIdInLocation() ? 'forms' : productRouteInLocation() ? 'products' : undefined),
    ),
  );
  const homeScreen = useRef(startScreen(items, undefined));
  const confirmLeave = useLeaveConfirm();
  const hasUnsavedChanges = useHasUnsavedChanges();
  // The address shown, so Back/Forward away from unsaved changes can put it back.
  const shown = useRef({ url: window.location.href, state: window.history.state as unknown });
  useEffect(() => {
    shown.current = { url: window.location.href, state: window.history.state };
  });
  // Once opened, developer mode stays mounted (hidden) so unsaved template text survives a
  // visit to the other screens.
  const [hasOpenedDeveloperMode, setHasOpenedDeveloperMode] = useState(false);
  const member = session.member!;
  const roleName = ROLE_LABELS[member.role as Role] ?? 'Member';

  useEffect(() => {
    // An address names a screen the member's role may not open (a link from a colleague,
    // or history from before a role change): the screen stays where it is, as on load.
    const open = (wanted: Screen) => {
      if (items.some((item) => item.key === wanted)) setScreen(wanted);
    };
    const apply = () => {
      setOpenPageId(pageIdInLocation());
      const route = productRouteInLocation();
      setProductRoute(route);
      if (route) open('products');
      const shown = detailInLocation();
      setDetail(shown);
      if (shown) open(shown.screen);
      setInboxFormId(inboxFormIdInLocation());
      const formId = formIdInLocation();
      setOpenFormId(formId);
      if (formId) open('forms');
      const listRoute = mailingListRouteInLocation();
      setOpenListId(listRoute?.listId ?? null);
      if (listRoute) open('mailing-lists');
      // Back out of Analytics to a screen without an address of its own: the home screen.
      if (isAnalyticsPath(window.location.pathname)) open('analytics');
      else setScreen((current) => (current === 'analytics' ? homeScreen.current : current));
    };
    const onPopState = () => {
      if (!hasUnsavedChanges()) return apply();
      // The browser has already moved: stay on the screen's address, then ask; leaving
      // goes to where Back or Forward pointed.
      const target = { url: window.location.href, state: window.history.state as unknown };
      window.history.pushState(shown.current.state, '', shown.current.url);
      confirmLeave(() => {
        window.history.replaceState(target.state, '', target.url);
        apply();
      });
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [hasUnsavedChanges, confirmLeave, items]);

  function openPage(id: string) {
    window.history.pushState({ pageId: id }, '', `/config/pages/${id}`);
    setOpenPageId(id);
  }
  function closePage() {
    // Opened from the list: step back, so the browser's Forward reopens it.
    if (window.history.state?.pageId) window.history.back();
    else {
      window.history.replaceState(null, '', '/config');
      setOpenPageId(null);
    }
  }

  function openProduct(route: ProductRoute) {
    const path =
      route.productId === null
        ? `/config/products/new?type=${route.newType}`
        : `/config/products/${route.productId}`;
    window.history.pushState({ productId: route.productId ?? 'new' }, '', path);
    setProductRoute(route);
  }
  function closeProduct() {
    // Opened from the list: step back, so the browser's Forward reopens it.
    if (window.history.state?.productId) window.history.back();
    else {
      window.history.replaceState(null, '', '/config');
      setProductRoute(null);
    }
  }

  function openDetail(route: DetailRoute) {
    window.history.pushState({ detail: route }, '', detailPath(route));
    setDetail(route);
    setScreen(route.screen);
  }
  function closeDetail() {
    // Opened in the app: step back (to the list, or the customer an order was opened from).
    if (window.history.state?.detail) window.history.back();
    else {
      window.history.replaceState(null, '', '/config');
      setDetail(null);
    }
  }

  function openInbox(formId: string) {
    window.history.pushState({ inboxFormId: formId }, '', formInboxPath(formId));
    setInboxFormId(formId);
  }

  function closeInbox() {
    // Opened from the forms list: step back to it; opened by its address: show the list.
    if (window.history.state?.inboxFormId) window.history.back();
    else {
      window.history.replaceState(null, '', '/config');
      setInboxFormId(null);
      setScreen('forms');
    }
  }

  function openForm(formId: string) {
    window.history.pushState({ formId }, '', `/config/forms/${formId}`);
    setOpenFormId(formId);
  }
  function closeForm() {
    // Opened from the forms list: step back to it; opened by its address: show the list.
    if (window.history.state?.formId) window.history.back();
    else {
      window.history.replaceState(null, '', '/config');
      setOpenFormId(null);
      setScreen('forms');
    }
  }

  function openList(listId: string) {
    window.history.pushState({ listId }, '', mailingListPath(listId));
    setOpenListId(listId);
  }
  function closeList() {
    // Opened from the lists: step back to them; opened by its address (or just deleted from
    // there): show the lists.
    if (window.history.state?.listId) window.history.back();
    else {
      window.history.replaceState(null, '', '/config/mailing-lists');
      setOpenListId(null);
    }
  }

  async function signOut() {
    await api.signOut().catch(() => undefined);
    window.history.replaceState(null, '', '/config');
    onSignedOut();
  }

  // Editing a page takes the whole screen, as in the site builders owners know.
  if (openPageId) {
    return (
      <div className="editing-mode">
        {can('pages.edit') ? (
          <PageEditor
            key={openPageId}
            pageId={openPageId}
            onChanged={() => setListVersion((v) => v + 1)}
            onClose={closePage}
          />
        ) : (
          <PageViewer key={openPageId} pageId={openPageId} onClose={closePage} />
        )}
      </div>
    );
  }

  return (
    <AppShell
      productName={PRODUCT_NAME}
      items={items}
      current={inboxFormId ? 'forms' : screen}
      onNavigate={(key) =>
        // A screen with unsaved changes (the form builder) is asked about before it goes.
        confirmLeave(() => {
          if (key === 'developer') setHasOpenedDeveloperMode(true);
          const isOnAnalytics = isAnalyticsPath(window.location.pathname);
          const isLeavingAnalytics = key !== 'analytics' && isOnAnalytics;
          if (
            productRoute ||
            detail ||
            inboxFormId ||
            openFormId ||
            openListId ||
            isLeavingAnalytics
          ) {
            window.history.pushState(null, '', '/config');
            setProductRoute(null);
            setDetail(null);
            setInboxFormId(null);
            setOpenFormId(null);
            setOpenListId(null);
          }
          // Analytics has an address (its tab and dates): an entry of its own, so Back
          // returns to the screen it was opened from.
          if (key === 'analytics' && !isOnAnalytics)
            window.history.pushState(null, '', '/config/analytics');
          setScreen(key);
        })
      }
      title={inboxFormId ? 'Form submissions' : screen ? SCREEN_TITLES[screen] : 'Welcome'}
      navFooter={
        <>
          <ShellLink href="/" icon="external" isExternal>
            View site
          </ShellLink>
          <div className="app-shell__account">
            <p className="app-shell__who">
              <strong>{member.email}</strong>
              {roleName}
            </p>
            <Button size="sm" icon={<Icon name="signOut" />} onClick={() => confirmLeave(signOut)}>
              Sign out
            </Button>
          </div>
        </>
      }
    >
      {inboxFormId ? (
        <InboxScreen key={inboxFormId} formId={inboxFormId} onBack={closeInbox} />
      ) : screen === 'pages' ? (
        <PagesPanel
          openPageId={openPageId}
          listVersion={listVersion}
          onOpen={openPage}
          onDeleted={() => setListVersion((v) => v + 1)}
        />
      ) : screen === 'products' && productRoute ? (
        <ProductEditor
          key={productRoute.productId ?? `new-${productRoute.newType}`}
          productId={productRoute.productId}
          newType={productRoute.newType}
          onClose={closeProduct}
          onCreated={(product) => {
            // The new product's own address replaces /new, so Back still returns to the list.
            window.history.replaceState(
              { productId: product.id },
              '',
              `/config/products/${product.id}`,
            );
            setProductRoute({ productId: product.id, newType: product.productType });
          }}
        />
      ) : screen === 'products' ? (
        <ProductsScreen
          onOpen={(productId) => openProduct({ productId, newType: ProductType.physical })}
          onAdd={(newType) => openProduct({ productId: null, newType })}
        />
      ) : screen === 'orders' && detail?.screen === 'orders' ? (
        <OrderDetail
          key={detail.id}
          orderId={detail.id}
          onClose={closeDetail}
          onOpenSubscription={(id) => openDetail({ screen: 'subscriptions', id })}
        />
      ) : screen === 'orders' ? (
        <OrdersScreen onOpen={(id) => openDetail({ screen: 'orders', id })} />
      ) : screen === 'subscriptions' && detail?.screen === 'subscriptions' ? (
        <SubscriptionDetail
          key={detail.id}
          subscriptionId={detail.id}
          onClose={closeDetail}
          onOpenOrder={(id) => openDetail({ screen: 'orders', id })}
        />
      ) : screen === 'subscriptions' ? (
        <SubscriptionsScreen onOpen={(id) => openDetail({ screen: 'subscriptions', id })} />
      ) : screen === 'customers' && detail?.screen === 'customers' ? (
        <CustomerDetail
          key={detail.id}
          email={detail.id}
          onClose={closeDetail}
          onOpenOrder={(id) => openDetail({ screen: 'orders', id })}
        />
      ) : screen === 'customers' ? (
        <CustomersScreen onOpen={(id) => openDetail({ screen: 'customers', id })} />
      ) : screen === 'mail' ? (
        <MailLog />
      ) : screen === 'inventory' ? (
        <InventoryScreen />
      ) : screen === 'restock' ? (
        <RestockScreen />
      ) : screen === 'tags' ? (
        <TagManager />
      ) : screen === 'categories' ? (
        <CategoryManager />
      ) : screen === 'store' ? (
        <StoreScreen />
      ) : screen === 'discounts' ? (
        <DiscountsScreen />
      ) : screen === 'gift-cards' && detail?.screen === 'gift-cards' ? (
        <GiftCardDetail key={detail.id} giftCardId={detail.id} onClose={closeDetail} />
      ) : screen === 'forms' ? (
        <FormsScreen
          openFormId={openFormId}
          onOpenForm={openForm}
          onCloseForm={closeForm}
          onCreated={(formId) => {
            // The new form's own address replaces /new, so a reload keeps it open.
            const state = window.history.state?.formId ? { formId } : null;
            window.history.replaceState(state, '', `/config/forms/${formId}`);
            setOpenFormId(formId);
          }}
          onOpenInbox={can('submissions.manage') ? openInbox : undefined}
        />
      ) : screen === 'mailing-lists' ? (
        <MailingListsScreen openListId={openListId} onOpenList={openList} onCloseList={closeList} />
      ) : screen === 'gift-cards' ? (
        <GiftCardsScreen onOpen={(id) => openDetail({ screen: 'gift-cards', id })} />
      ) : screen === 'header-footer' ? (
        <HeaderFooterEditor />
      ) : screen === 'design' ? (
        <Suspense fallback={<Skeleton lines={6} label="Loading the design…" />}>
          <DesignScreen />
        </Suspense>
      ) : screen === 'files' ? (
        <div className="screen">
          <FileManager isScreen accept="any" />
        </div>
      ) : screen === 'settings' ? (
        <SettingsScreen currentMemberId={member.id} />
      ) : screen === 'member-areas' ? (
        <MemberAreasScreen />
      ) : screen === 'webhooks' ? (
        <WebhooksScreen />
      ) : screen === 'campaigns' ? (
        <CampaignsScreen />
      ) : screen === 'analytics' ? (
        <Suspense fallback={<Skeleton lines={6} label="Loading analytics…" />}>
          <AnalyticsScreen />
        </Suspense>
      ) : screen === 'account' ? (
        <AccountScreen member={member} />
      ) : screen === null ? (
        <NoScreensNotice
          role={member.role}
          capabilities={session.capabilities}
          onOpenAccount={() => setScreen('account')}
        />
      ) : null}
      {hasOpenedDeveloperMode ? (
        <div hidden={screen !== 'developer'}>
          <Suspense fallback={<Skeleton lines={4} label="Loading developer mode…" />}>
            <DeveloperPanel />
          </Suspense>
        </div>
      ) : null}
    </AppShell>
  );
}
