import { useState } from 'react';
import { useTimeout } from '../hooks/use-timeout';

/** spec §9: typing animation timings. */
export const TYPING_TIMINGS = { typeMs: 150, deleteMs: 75, pauseMs: 1000, blinkMs: 500 } as const;
export type TypingTimings = typeof TYPING_TIMINGS;

/** spec §2: the home headline's rotating word, followed by 'Naturally'. */
export const HEADLINE_WORDS = ['Speak', 'Write', 'Think'] as const;

export interface TypewriterState {
  word: number;
  length: number;
  deleting: boolean;
}

/**
 * The next state and how long to wait before it (spec §4: types, pauses, deletes, moves to the next
 * word). The animation starts on the first word complete, as the prerendered page shows it.
 */
export function nextTypewriterStep(
  state: TypewriterState,
  words: readonly string[],
  timings: TypingTimings = TYPING_TIMINGS,
): { delay: number; next: TypewriterState } {
  const full = words[state.word]!.length;
  if (!state.deleting) {
    if (state.length < full) return { delay: timings.typeMs, next: { ...state, length: state.length + 1 } };
    return { delay: timings.pauseMs, next: { ...state, deleting: true } };
  }
  if (state.length > 1) return { delay: timings.deleteMs, next: { ...state, length: state.length - 1 } };
  // The last letter goes and the next word begins, so no step ever waits 0 ms.
  return { delay: timings.deleteMs, next: { word: (state.word + 1) % words.length, length: 0, deleting: false } };
}

/** The typed text and whether the cursor shows; still (first word, steady cursor) when `animate` is false. */
export function useTypewriter(words: readonly string[], animate: boolean, timings: TypingTimings = TYPING_TIMINGS) {
  const [state, setState] = useState<TypewriterState>({ word: 0, length: words[0]!.length, deleting: false });
  const [cursorOn, setCursorOn] = useState(true);
  const step = nextTypewriterStep(state, words, timings);
  // Each step waits on the one before (its state is the timer's key); the cursor blinks on its own clock.
  useTimeout(() => setState(step.next), animate ? step.delay : undefined, state);
  useTimeout(() => setCursorOn((on) => !on), animate ? timings.blinkMs : undefined, cursorOn);
  return { text: words[state.word]!.slice(0, state.length), cursorOn: animate ? cursorOn : true };
}
