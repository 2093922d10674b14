import * as RadixToast from '@radix-ui/react-toast';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { IconButton } from './Button.tsx';
import { Icon } from './icons.tsx';

type ToastTone = 'neutral' | 'error';
type ToastEntry = { id: number; text: string; tone: ToastTone };
type ShowToast = (text: string, options?: { tone?: ToastTone }) => void;

const ToastContext = createContext<ShowToast | null>(null);

/**
 * Short confirmations ("Site settings saved.") that come and go. Radix reads each one in
 * a polite live region (type "background"), pauses the timer while hovered or focused,
 * and F8 moves focus to them. Errors that need action stay inline where they happened.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const show = useCallback<ShowToast>((text, options) => {
    setToasts((list) => [
      ...list.slice(-2),
      { id: Date.now() + Math.random(), text, tone: options?.tone ?? 'neutral' },
    ]);
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <RadixToast.Provider swipeDirection="right" duration={5000} label="Notification">
        {children}
        {toasts.map((toast) => (
          <RadixToast.Root
            key={toast.id}
            type="background"
            className={`ui-toast ui-toast--${toast.tone}`}
            onOpenChange={(open) => {
              if (!open) setToasts((list) => list.filter((t) => t.id !== toast.id));
            }}
          >
            <RadixToast.Description className="ui-toast__text">{toast.text}</RadixToast.Description>
            <RadixToast.Close asChild>
              <IconButton label="Dismiss" icon={<Icon name="close" />} size="sm" />
            </RadixToast.Close>
          </RadixToast.Root>
        ))}
        <RadixToast.Viewport className="ui-toast-viewport" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

/** Shows a toast; outside a ToastProvider (a unit test) it does nothing. */
export function useToast(): ShowToast {
  return useContext(ToastContext) ?? noToast;
}

const noToast: ShowToast = () => undefined;
