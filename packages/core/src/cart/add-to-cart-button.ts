/**
 * The add-to-cart button as data (SPEC §4, §9): a transition table, a pure reducer and
 * named timings. The island renders `text` and `isDisabled` and, whenever the state has a
 * `timer`, schedules `{ type: 'timer-elapsed' }` after `timer.ms`; nothing else is needed.
 *
 *   idle ─click→ adding ─succeeded→ confirming ─1 s→ added ─2 s→ idle
 *                 adding ─failed→ error ─1 s→ idle
 *   idle ─option-missing→ select-option ─2000 ms→ idle      (list pages)
 *   any ─mark-sold-out→ sold-out ─restore→ idle
 *   any ─disable→ disabled ─enable→ idle
 */
import { buttonLabels } from '../messages';

export const ADDED_DELAY_MS = 1000;
export const ADDED_RESET_MS = 2000;
export const ERROR_RESET_MS = 1000;
export const SELECT_OPTION_FLASH_MS = 2000;

export type AddToCartButtonStatus =
  | 'idle'
  | 'adding'
  | 'confirming'
  | 'added'
  | 'error'
  | 'select-option'
  | 'sold-out'
  | 'disabled';

export type AddToCartButtonEvent =
  | { type: 'click' }
  | { type: 'succeeded' }
  | { type: 'failed'; message: string }
  | { type: 'timer-elapsed' }
  | { type: 'option-missing' }
  | { type: 'mark-sold-out'; soldOutText?: string }
  | { type: 'restore' }
  | { type: 'disable' }
  | { type: 'enable' };

export interface AddToCartButtonState {
  status: AddToCartButtonStatus;
  text: string;
  isDisabled: boolean;
  /** The resting label the button returns to. */
  label: string;
  error: string | null;
  timer: { ms: number } | null;
}

type EventType = AddToCartButtonEvent['type'];

export const ADD_TO_CART_BUTTON_TRANSITIONS: Readonly<
  Record<AddToCartButtonStatus, Partial<Record<EventType, AddToCartButtonStatus>>>
> = {
  idle: {
    click: 'adding',
    'option-missing': 'select-option',
    'mark-sold-out': 'sold-out',
    disable: 'disabled',
  },
  adding: { succeeded: 'confirming', failed: 'error' },
  confirming: { 'timer-elapsed': 'added' },
  added: { 'timer-elapsed': 'idle', 'mark-sold-out': 'sold-out' },
  error: { 'timer-elapsed': 'idle', 'mark-sold-out': 'sold-out' },
  'select-option': { 'timer-elapsed': 'idle', 'mark-sold-out': 'sold-out', disable: 'disabled' },
  'sold-out': { restore: 'idle', disable: 'disabled' },
  disabled: { enable: 'idle', 'mark-sold-out': 'sold-out' },
};

const TIMERS: Partial<Record<AddToCartButtonStatus, number>> = {
  confirming: ADDED_DELAY_MS,
  added: ADDED_RESET_MS,
  error: ERROR_RESET_MS,
  'select-option': SELECT_OPTION_FLASH_MS,
};

export const canTransition = (status: AddToCartButtonStatus, event: EventType): boolean =>
  ADD_TO_CART_BUTTON_TRANSITIONS[status][event] !== undefined;

export const initialAddToCartButtonState = (
  label: string = buttonLabels.addToCart,
): AddToCartButtonState => ({
  status: 'idle',
  text: label,
  isDisabled: false,
  label,
  error: null,
  timer: null,
});

const textFor = (
  status: AddToCartButtonStatus,
  state: AddToCartButtonState,
  event: AddToCartButtonEvent,
): string => {
  switch (status) {
    case 'adding':
    case 'confirming':
      return buttonLabels.adding;
    case 'added':
      return buttonLabels.added;
    case 'select-option':
      return buttonLabels.selectOption;
    case 'sold-out':
      return event.type === 'mark-sold-out' && event.soldOutText
        ? event.soldOutText
        : buttonLabels.soldOut;
    case 'disabled':
      return state.text;
    default:
      return state.label;
  }
};

/** Unknown transitions leave the state untouched, so a late timer or double click is harmless. */
export const addToCartButtonReducer = (
  state: AddToCartButtonState,
  event: AddToCartButtonEvent,
): AddToCartButtonState => {
  const next = ADD_TO_CART_BUTTON_TRANSITIONS[state.status][event.type];
  if (!next) return state;
  const timerMs = TIMERS[next];
  return {
    ...state,
    status: next,
    text: textFor(next, state, event),
    // Only a resting button takes clicks: in flight, confirming or flashing it would
    // otherwise add the item twice.
    isDisabled: next !== 'idle',
    error: event.type === 'failed' ? event.message : null,
    timer: timerMs === undefined ? null : { ms: timerMs },
  };
};
