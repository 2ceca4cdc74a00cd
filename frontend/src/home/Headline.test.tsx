import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Headline } from './Headline';
import { TYPING_TIMINGS } from './typewriter';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const typed = () => screen.getByTestId('typed-word').textContent;
/** One millisecond at a time, so React commits each step (and schedules the next) as a browser would. */
function advance(ms: number) {
  for (let i = 0; i < ms; i++) act(() => vi.advanceTimersByTime(1));
}

describe('home headline typing (spec §9 timings)', () => {
  it('shows Speak, pauses 1000 ms, deletes a letter per 75 ms, types Write a letter per 150 ms, and so on to Think and back', () => {
    render(<Headline />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveAccessibleName('Speak, write and think naturally');
    expect(typed()).toBe('Speak');

    advance(TYPING_TIMINGS.pauseMs + 74);
    expect(typed()).toBe('Speak');
    advance(1);
    expect(typed()).toBe('Spea');
    for (const text of ['Spe', 'Sp', 'S', '']) {
      advance(74);
      expect(typed()).not.toBe(text);
      advance(1);
      expect(typed()).toBe(text);
    }
    for (const text of ['W', 'Wr', 'Wri', 'Writ', 'Write']) {
      advance(149);
      expect(typed()).not.toBe(text);
      advance(1);
      expect(typed()).toBe(text);
    }
    advance(1000 + 75 * 5);
    expect(typed()).toBe('');
    advance(150 * 5);
    expect(typed()).toBe('Think');
    advance(1000 + 75 * 5 + 150 * 5);
    expect(typed()).toBe('Speak');
    expect(screen.getByText('Naturally')).toBeInTheDocument();
  });

  it('blinks the cursor every 500 ms', () => {
    render(<Headline />);
    const cursor = screen.getByTestId('type-cursor');
    expect(cursor).not.toHaveClass('off');
    advance(499);
    expect(cursor).not.toHaveClass('off');
    advance(1);
    expect(cursor).toHaveClass('off');
    advance(500);
    expect(cursor).not.toHaveClass('off');
  });

  it('holds still on Speak for visitors who ask for reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), addEventListener() {}, removeEventListener() {} }));
    try {
      render(<Headline />);
      advance(10_000);
      expect(typed()).toBe('Speak');
      expect(screen.getByTestId('type-cursor')).not.toHaveClass('off');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
