import type { ShippingAddress } from '@atelier/contract';

/**
 * A shipping address as a postal label, one line per part: the order, customer and
 * subscription screens of /config and the storefront's address book print it alike.
 * `countryName` turns the two-letter code into words where the reader wants them.
 */
export function PostalAddress({
  address,
  className = 'order-address',
  countryName = (code) => code,
}: {
  address: ShippingAddress;
  className?: string;
  countryName?: (code: string) => string;
}) {
  return (
    <address className={className}>
      {[
        address.name,
        address.line1,
        address.line2,
        [address.city, address.region, address.postalCode].filter(Boolean).join(' '),
        countryName(address.country),
      ]
        .filter(Boolean)
        .map((line) => (
          <span key={line}>{line}</span>
        ))}
    </address>
  );
}
