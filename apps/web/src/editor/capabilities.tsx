import type { Capability } from '@atelier/core';
import { createContext, type ReactNode, useContext } from 'react';

// What the signed-in member may do, as the server's session answer says (core's permission
// matrix, docs/PERMISSIONS.md). Screens use it only to leave out what would be refused:
// the server checks every call whatever the screen shows.

const CapabilitiesContext = createContext<ReadonlySet<Capability>>(new Set());

export function CapabilitiesProvider({
  capabilities,
  children,
}: {
  capabilities: readonly Capability[];
  children: ReactNode;
}) {
  return (
    <CapabilitiesContext.Provider value={new Set(capabilities)}>
      {children}
    </CapabilitiesContext.Provider>
  );
}

/** `can('pages.publish')`: whether the signed-in member's role allows it. */
export function useCan(): (capability: Capability) => boolean {
  const capabilities = useContext(CapabilitiesContext);
  return (capability) => capabilities.has(capability);
}
