import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { twoStepTexts } from '../../../../shared/texts/two-step';
import type { CodeResult } from '../../auth/second-step';
import { CodeEntry, type CodeEntryProps } from './CodeEntry';

afterEach(() => vi.restoreAllMocks());

function renderEntry(check: (code: string) => Promise<CodeResult>, props: Partial<CodeEntryProps> = {}) {
  render(
    <CodeEntry check={check} label="Code" maxLength={20} failed="Could not check it." form={{ 'aria-label': 'Two-step' }} {...props}>
      {(busy) => (
        <button type="submit" disabled={busy}>
          {busy ? 'Checking...' : 'Verify'}
        </button>
      )}
    </CodeEntry>,
  );
  return { field: () => screen.getByLabelText('Code') as HTMLInputElement, submit: () => screen.getByRole('button', { name: /Verify|Checking/ }) };
}

describe('CodeEntry', () => {
  it('asks for a code before checking anything, the alert focused each time it is said', async () => {
    const user = userEvent.setup();
    const check = vi.fn<(code: string) => Promise<CodeResult>>();
    const { submit } = renderEntry(check);
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent(twoStepTexts.codeRequired);
    expect(screen.getByRole('alert')).toHaveFocus();
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(check).not.toHaveBeenCalled();
  });

  it("checks the app's digits without the spaces typed between them, busy until the answer", async () => {
    const user = userEvent.setup();
    let answer!: (result: CodeResult) => void;
    const check = vi.fn(() => new Promise<CodeResult>((resolve) => (answer = resolve)));
    const { field, submit } = renderEntry(check, { numeric: true });
    await user.type(field(), ' 123 456 {Enter}');
    expect(check).toHaveBeenCalledWith('123456');
    expect(submit()).toBeDisabled();
    expect(field()).toBeDisabled();
    answer({ status: 'OK' });
    await vi.waitFor(() => expect(submit()).toBeEnabled());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a refused code in the same words whatever was wrong, clears it where asked, and gives a limit its own sentence', async () => {
    const user = userEvent.setup();
    const check = vi
      .fn<(code: string) => Promise<CodeResult>>()
      .mockResolvedValueOnce({ status: 'WRONG' })
      .mockResolvedValueOnce({ status: 'LIMITED', message: 'Too many tries. Try again in 15 minutes.' });
    const { field } = renderEntry(check, { clearRefused: true });
    await user.type(field(), ' abcd-efgh {Enter}');
    expect(check).toHaveBeenCalledWith('abcd-efgh');
    expect(await screen.findByRole('alert')).toHaveTextContent(twoStepTexts.wrongCode);
    expect(field().value).toBe('');
    await user.type(field(), 'abcd-efgh{Enter}');
    expect(await screen.findByText('Too many tries. Try again in 15 minutes.')).toHaveFocus();
  });

  it('keeps a refused code to correct unless asked to clear it, and says the failure of the check itself', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const check = vi.fn<(code: string) => Promise<CodeResult>>().mockResolvedValueOnce({ status: 'WRONG' }).mockRejectedValueOnce(new Error('offline'));
    const { field } = renderEntry(check, { numeric: true });
    await user.type(field(), '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(twoStepTexts.wrongCode);
    expect(field().value).toBe('123456');
    await user.type(field(), '{Enter}');
    expect(await screen.findByText('Could not check it.')).toHaveFocus();
  });
});
