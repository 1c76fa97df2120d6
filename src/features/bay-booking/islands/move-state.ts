/**
 * Moving a booking on its manage page, as data: the day and length asked, the starts the booking can
 * move to (each with what it costs or gives back), the start chosen, and the move in progress. Pure:
 * MoveBooking renders it and dispatches; move-calls.ts asks the server.
 */
import type { MoveOption, MoveOptions } from '../contract/bay-booking';
import { formatCents } from '../../../domain/money';
import { timeRange } from './format';

export type MoveOptionsView = { state: 'idle' } | { state: 'loading' } | { state: 'shown'; answer: MoveOptions } | { state: 'failed'; message: string };

export interface MoveState {
  open: boolean;
  date: string;
  lengthMinutes: number;
  options: MoveOptionsView;
  /** The start chosen ('18:30'), among the options shown. */
  chosen: string | null;
  moving: boolean;
  error: string | undefined;
}

export type MoveEvent =
  | { type: 'opened' }
  | { type: 'closed' }
  | { type: 'dateChanged'; date: string }
  | { type: 'lengthChanged'; lengthMinutes: number }
  | { type: 'optionsLoading' }
  | { type: 'optionsShown'; answer: MoveOptions }
  | { type: 'optionsFailed'; message: string }
  | { type: 'chose'; start: string }
  | { type: 'moving' }
  | { type: 'moveFailed'; message: string }
  | { type: 'moved' };

export function initialMove(booking: { date: string; lengthMinutes: number }): MoveState {
  return { open: false, date: booking.date, lengthMinutes: booking.lengthMinutes, options: { state: 'idle' }, chosen: null, moving: false, error: undefined };
}

export function reduceMove(state: MoveState, event: MoveEvent): MoveState {
  switch (event.type) {
    case 'opened':
      return { ...state, open: true };
    case 'closed':
      return { ...state, open: false, error: undefined };
    case 'dateChanged':
      return { ...state, date: event.date, chosen: null, error: undefined };
    case 'lengthChanged':
      return { ...state, lengthMinutes: event.lengthMinutes, chosen: null, error: undefined };
    case 'optionsLoading':
      return { ...state, options: { state: 'loading' } };
    case 'optionsShown':
      // A start chosen before stays chosen only while it is still offered.
      return { ...state, options: { state: 'shown', answer: event.answer }, chosen: event.answer.times.some((time) => time.start === state.chosen) ? state.chosen : null };
    case 'optionsFailed':
      return { ...state, options: { state: 'failed', message: event.message }, chosen: null };
    case 'chose':
      return { ...state, chosen: event.start, error: undefined };
    case 'moving':
      return { ...state, moving: true, error: undefined };
    case 'moveFailed':
      return { ...state, moving: false, error: event.message };
    case 'moved':
      return { ...initialMove(state), open: false };
  }
}

/** What a move to this start does with money: '$40.00 more', '$20.00 back to your card', 'no change in price'. */
export function differenceLabel(option: Pick<MoveOption, 'chargeCents' | 'refundCents' | 'cardBackCents'>): string {
  if (option.chargeCents > 0) return `${formatCents(option.chargeCents)} more`;
  const back = [
    ...(option.refundCents > 0 ? [`${formatCents(option.refundCents)} back to your card`] : []),
    ...(option.cardBackCents > 0 ? [`${formatCents(option.cardBackCents)} back on your gift card`] : []),
  ];
  return back.length > 0 ? back.join(' and ') : 'no change in price';
}

/** '6:30 PM – 7:30 PM · $40.00 more' */
export const optionLabel = (option: MoveOption) => `${timeRange(option.startsAt, option.endsAt)} · ${differenceLabel(option)}`;

/** The button's words for the chosen start: paying first when it costs more. */
export function moveButtonLabel(option: MoveOption | null): string {
  return option && option.chargeCents > 0 ? `Pay ${formatCents(option.chargeCents)} and move` : 'Move my booking';
}
