import type { Image } from '@atelier/contract';

type ResponsiveImageProps = {
  image: Image;
  /** How wide the image is drawn, for the browser to pick a rendition from srcset. */
  sizes: string;
  isPriority?: boolean | undefined;
  className?: string;
  /** Decoration only (a section background): empty alt, so screen readers skip it. */
  isDecorative?: boolean;
};

export function ResponsiveImage({
  image,
  sizes,
  isPriority,
  className,
  isDecorative,
}: ResponsiveImageProps) {
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcset}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={isDecorative ? '' : image.altText}
      loading={isPriority ? 'eager' : 'lazy'}
      decoding={isPriority ? 'sync' : 'async'}
      fetchPriority={isPriority ? 'high' : undefined}
      style={focalStyle(image.focalPoint)}
    />
  );
}

/** Crops keep the focal point in view; the centre is the browser's default already. */
function focalStyle({ x, y }: Image['focalPoint']) {
  if (x === 0.5 && y === 0.5) return undefined;
  return { objectPosition: `${x * 100}% ${y * 100}%` };
}
