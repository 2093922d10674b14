import {
  type AddToCartButtonEvent,
  type AddToCartButtonState,
  addToCartButtonReducer,
  initialAddToCartButtonState,
} from '@atelier/core';
import { useEffect, useReducer } from 'react';

/**
 * The add-to-cart button's state from core's reducer, with its timers run here: whenever
 * the state asks for a timer, `timer-elapsed` follows after that many milliseconds.
 */
export function useAddToCartButton(label: string, initialEvent?: AddToCartButtonEvent) {
  const [state, dispatch] = useReducer(
    addToCartButtonReducer,
    label,
    (initialLabel): AddToCartButtonState => {
      const initial = initialAddToCartButtonState(initialLabel);
      return initialEvent ? addToCartButtonReducer(initial, initialEvent) : initial;
    },
  );
  useEffect(() => {
    if (!state.timer) return;
    const timeout = setTimeout(() => dispatch({ type: 'timer-elapsed' }), state.timer.ms);
    return () => clearTimeout(timeout);
  }, [state]);
  return [state, dispatch] as const;
}
