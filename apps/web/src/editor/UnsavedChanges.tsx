import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { createLeaveGuards, type LeaveGuard, type LeaveGuards } from './leave-guards.ts';
import { ConfirmDialog } from './ui/index.ts';

// The editor's one "leave without saving?" question (issue 20). A screen with a draft calls
// `useUnsavedChangesGuard(isDirty, message)`; whatever navigates away (the sidebar, a
// screen's own Back button, signing out) wraps the move in `useLeaveConfirm()`'s function,
// which goes at once when nothing is unsaved and otherwise asks first. Back and Forward
// cannot be cancelled, so EditorApp puts the left address back and asks the same question.

type Context = { guards: LeaveGuards; confirmLeave: (leave: () => void) => void };
const UnsavedChangesContext = createContext<Context | null>(null);

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [guards] = useState(createLeaveGuards);
  const [pending, setPending] = useState<{ message: string; leave: () => void } | null>(null);
  const [context] = useState<Context>(() => ({
    guards,
    confirmLeave(leave) {
      const message = guards.blocking();
      if (message === null) leave();
      else setPending({ message, leave });
    },
  }));
  return (
    <UnsavedChangesContext.Provider value={context}>
      {children}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setPending(null);
        }}
        title="Leave without saving?"
        description={pending?.message ?? ''}
        confirmLabel="Leave without saving"
        onConfirm={() => {
          const leave = pending?.leave;
          setPending(null);
          leave?.();
        }}
      />
    </UnsavedChangesContext.Provider>
  );
}

/**
 * Registers this screen's unsaved changes while it is mounted: in-app navigation asks
 * before leaving, and closing the tab or reloading asks the browser's own question.
 */
export function useUnsavedChangesGuard(isDirty: boolean, message: string) {
  const context = useContext(UnsavedChangesContext);
  const guard = useRef<LeaveGuard>({ isDirty, message });
  useEffect(() => {
    guard.current = { isDirty, message };
  }, [isDirty, message]);
  useEffect(() => context?.guards.register(guard), [context]);
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
}

/** Whether a registered screen has unsaved changes now (for moves that cannot wait). */
export function useHasUnsavedChanges(): () => boolean {
  const context = useContext(UnsavedChangesContext);
  return useCallback(() => context?.guards.blocking() != null, [context]);
}

/** Runs `leave` now, or after the owner confirms losing a registered screen's changes. */
export function useLeaveConfirm(): (leave: () => void) => void {
  const context = useContext(UnsavedChangesContext);
  return context ? context.confirmLeave : (leave) => leave();
}
