/**
 * What a screen has not saved, asked before the editor leaves it (issue 20). Screens
 * register a guard while they are mounted; a navigation asks the registry for the first
 * guard with unsaved changes and, if there is one, confirms before going on.
 */
export type LeaveGuard = { isDirty: boolean; message: string };

export type LeaveGuards = {
  /** Registers a guard read at navigation time (its `current` may change); returns the removal. */
  register: (guard: { readonly current: LeaveGuard }) => () => void;
  /** The message of the first guard with unsaved changes, or null when leaving loses nothing. */
  blocking: () => string | null;
};

export function createLeaveGuards(): LeaveGuards {
  const guards = new Set<{ readonly current: LeaveGuard }>();
  return {
    register(guard) {
      guards.add(guard);
      return () => {
        guards.delete(guard);
      };
    },
    blocking() {
      for (const guard of guards) if (guard.current.isDirty) return guard.current.message;
      return null;
    },
  };
}
