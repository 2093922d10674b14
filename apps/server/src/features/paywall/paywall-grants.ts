import { ProductType } from '@atelier/core';
import type { PaywallQueries } from './paywall.repo.ts';
import { accessTokenOf, hashAccessToken } from './paywall-tokens.ts';

/**
 * Called by placing an order, in its transaction: each paywall line grants access to
 * what its product unlocks. Only the token's hash is stored; the order view derives the
 * link again from the order's secret (paywall-tokens.ts).
 */
export async function grantPaywallAccess(
  q: { paywall: PaywallQueries },
  order: {
    websiteId: string;
    orderId: string;
    secretToken: string;
    items: readonly { line_number: number; product_id: string; product_type: number }[];
  },
): Promise<void> {
  await q.paywall.insertGrants(
    order.items
      .filter((item) => item.product_type === ProductType.paywall)
      .map((item) => ({
        website_id: order.websiteId,
        order_id: order.orderId,
        line_number: item.line_number,
        product_id: item.product_id,
        token_hash: hashAccessToken(
          accessTokenOf({
            secretToken: order.secretToken,
            orderId: order.orderId,
            lineNumber: item.line_number,
          }),
        ),
      })),
  );
}
