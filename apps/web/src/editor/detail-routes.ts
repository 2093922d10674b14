/**
 * The /config addresses of one order, customer, gift card or subscription, so a reload or a shared link
 * opens the same detail and Back returns to the list. A customer is known by their email.
 */
export const DETAIL_SCREENS = ['orders', 'customers', 'gift-cards', 'subscriptions'] as const;
export type DetailScreen = (typeof DETAIL_SCREENS)[number];
export type DetailRoute = { screen: DetailScreen; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DETAIL_PATH = /^\/config\/(orders|customers|gift-cards|subscriptions)\/([^/]+)$/;

export const detailPath = ({ screen, id }: DetailRoute): string =>
  `/config/${screen}/${encodeURIComponent(id)}`;

/** The detail a /config path names, or null (a list, another screen, a malformed id). */
export function detailRouteOf(pathname: string): DetailRoute | null {
  const match = DETAIL_PATH.exec(pathname);
  if (!match?.[1] || !match[2]) return null;
  let id: string;
  try {
    id = decodeURIComponent(match[2]);
  } catch {
    return null;
  }
  const screen = match[1] as DetailScreen;
  if (screen === 'customers' ? !id.includes('@') : !UUID.test(id)) return null;
  return { screen, id };
}
