import { type ComponentType, useId } from 'react';
import { safeJson } from '../storefront/layout/Document.tsx';
import { IslandIdContext } from './island-id.ts';
import type { HydrateWhen, IslandName } from './registry.ts';

type IslandProps<P extends object> = {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  hydrateWhen?: HydrateWhen;
  className?: string;
};

/**
 * Server side of an island: the component's HTML, wrapped in an element that tells the
 * browser which component to hydrate there and with which props. Props must be plain
 * JSON; everything else on a storefront page stays static HTML.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  hydrateWhen = 'load',
  className,
}: IslandProps<P>) {
  // Unique on the page, and a plain word so it can start an id (useId's has brackets).
  const idBase = `island${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  return (
    <div
      data-island={name}
      data-props={safeJson(props)}
      data-id-base={idBase}
      data-hydrate-when={hydrateWhen}
      className={className ? `island ${className}` : 'island'}
    >
      <IslandIdContext.Provider value={idBase}>
        <Component {...props} />
      </IslandIdContext.Provider>
    </div>
  );
}
