import { describe, expect, it } from 'vitest';
import { detailPath, detailRouteOf } from './detail-routes.ts';

const ID = '0b9f1d2e-3c4a-4b5c-8d6e-7f8091a2b3c4';

describe('detail routes', () => {
  it('reads back the address it writes, for each kind of detail', () => {
    for (const route of [
      { screen: 'orders', id: ID },
      { screen: 'gift-cards', id: ID },
      { screen: 'customers', id: 'grace+shop@example.com' },
    ] as const) {
      expect(detailRouteOf(detailPath(route))).toEqual(route);
    }
    expect(detailPath({ screen: 'customers', id: 'a b@example.com' })).toBe(
      '/config/customers/a%20b%40example.com',
    );
  });

  it('names no detail for lists, other screens and malformed ids', () => {
    expect(detailRouteOf('/config')).toBeNull();
    expect(detailRouteOf('/config/orders')).toBeNull();
    expect(detailRouteOf('/config/orders/42')).toBeNull();
    expect(detailRouteOf(`/config/products/${ID}`)).toBeNull();
    expect(detailRouteOf('/config/customers/not-an-email')).toBeNull();
    expect(detailRouteOf('/config/customers/%E0%A4%A')).toBeNull();
    expect(detailRouteOf(`/config/gift-cards/${ID}/x`)).toBeNull();
  });
});
