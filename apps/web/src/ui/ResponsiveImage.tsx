import type { Image } from '@atelier/contract';
import type { CSSProperties } from 'react';

type ResponsiveImageProps = {
  image: Image;
  /** How wide the image is drawn, for the browser to pick a rendition from srcset. */
  sizes: string;
  isPriority?: boolean | undefined;
  className?: string;
  /** Decoration only (a section background, an ornament): empty alt, so screen readers skip it. */
  isDecorative?: boolean | undefined;
  /** A background that covers its band whatever its size: not held to its natural width. */
  isBackground?: boolean;
};

export function ResponsiveImage({
  image,
  sizes,
  isPriority,
  className,
  isDecorative,
  isBackground,
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
      style={imageStyle(image, isBackground)}
    />
  );
}

/**
 * Never drawn wider than its largest rendition (an 800 px upload stays at most 800 px in a
 * 1060 px column) except as a section background, which covers its band.
 * Crops keep the focal point in view; the centre is the browser's default already.
 */
export function imageStyle(image: Image, isBackground?: boolean): CSSProperties | undefined {
  const { x, y } = image.focalPoint;
  const style: CSSProperties = {};
  if (!isBackground) style.maxWidth = `min(100%, ${image.width}px)`;
  if (x !== 0.5 || y !== 0.5) style.objectPosition = `${x * 100}% ${y * 100}%`;
  return Object.keys(style).length > 0 ? style : undefined;
}
