/**
 * A QR code drawn as SVG from its modules (rows of '0' and '1' the server computed), with
 * the four-module quiet zone readers need. Dark runs in a row are one rectangle each, so
 * the path stays short. Shared by the editor and the storefront; no script, no canvas.
 */
export function QrCode({
  rows,
  label,
  size = 200,
}: {
  rows: string[];
  label: string;
  size?: number;
}) {
  const quiet = 4;
  const total = rows.length + quiet * 2;
  let path = '';
  rows.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (row[x] !== '1') {
        x += 1;
        continue;
      }
      const start = x;
      while (row[x] === '1') x += 1;
      path += `M${start + quiet} ${y + quiet}h${x - start}v1h-${x - start}z`;
    }
  });
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${total} ${total}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
    >
      <rect width={total} height={total} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
