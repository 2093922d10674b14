import type { Image } from '@atelier/contract';

type ResponsiveImageProps = {
  image: Image;
  /** How wide the image is drawn, for the browser to pick a rendition from srcset. */
  sizes: string;
  isPriority?: boolean;
  className?: string;
};

export function ResponsiveImage({ image, sizes, isPriority, className }: ResponsiveImageProps) {
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcset}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={image.altText}
      loading={isPriority ? 'eager' : 'lazy'}
      decoding={isPriority ? 'sync' : 'async'}
      fetchPriority={isPriority ? 'high' : undefined}
      style={{ objectPosition: `${image.focalPoint.x * 100}% ${image.focalPoint.y * 100}%` }}
    />
  );
}
