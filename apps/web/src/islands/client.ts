import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { type IslandName, islandLoaders } from './registry.ts';

// The only script a storefront page loads: find each island, fetch its component,
// hydrate it in place with the props the server rendered it with.
function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && name in islandLoaders;
}

async function hydrateIsland(element: HTMLElement) {
  const name = element.dataset.island;
  if (!isIslandName(name)) {
    console.error(`Unknown island "${name}"`);
    return;
  }
  const props: unknown = JSON.parse(element.dataset.props ?? '{}');
  const module = await islandLoaders[name]();
  hydrateRoot(element, createElement(module.default, props as object));
  element.dataset.hydrated = 'true';
}

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  hydrateIsland(element).catch((error: unknown) => console.error('Island failed to start', error));
}
