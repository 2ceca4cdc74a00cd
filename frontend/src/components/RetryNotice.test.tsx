import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RetryNotice } from './RetryNotice';

describe('RetryNotice', () => {
  it("says the service is away, with the wait from Retry-After, and Retry reads again once while it runs", async () => {
    let finish: () => void = () => undefined;
    const onRetry = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<RetryNotice failure={{ kind: 'unreachable', retryAfterSeconds: 150 }} failed="Could not load." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent("We can't reach Voxpen right now. Try again in about 3 minutes.");
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const busy = screen.getByRole('button', { name: 'Retrying...' });
    expect(busy).toBeDisabled();
    await userEvent.click(busy);
    expect(onRetry).toHaveBeenCalledTimes(1);
    finish();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  it("says the section's own sentence for a failure that is not the service away", () => {
    render(<RetryNotice failure={{ kind: 'failed' }} failed="Could not load your passkeys." onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Could not load your passkeys\.$/);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
