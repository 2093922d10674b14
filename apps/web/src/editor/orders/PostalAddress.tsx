import type { ShippingAddress } from '@atelier/contract';
import './orders.css';

/** A shipping address as the order, customer and subscription screens print it. */
export function PostalAddress({ address }: { address: ShippingAddress }) {
  return (
    <address className="order-address">
      {[
        address.name,
        address.line1,
        address.line2,
        [address.city, address.region, address.postalCode].filter(Boolean).join(' '),
        address.country,
      ]
        .filter(Boolean)
        .map((line) => (
          <span key={line}>{line}</span>
        ))}
    </address>
  );
}
