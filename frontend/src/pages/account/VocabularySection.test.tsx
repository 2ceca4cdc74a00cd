import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { vocabularyTexts } from '../../../../shared/texts/vocabulary';
import type { Preferences, VocabularyList } from '../../../../shared/vocabulary';
import { readPreferences, readVocabulary, savePreferences, saveVocabulary } from '../../api/vocabulary';
import { reachTexts } from '../../../../shared/texts/reach';
import { defer } from '../../hooks/use-settled';
import { PreferencesSection } from './PreferencesSection';
import { VocabularySection } from './VocabularySection';
import { vocabularyPageTexts as t } from './vocabulary-texts';

vi.mock('../../api/vocabulary', () => ({ saveVocabulary: vi.fn(), savePreferences: vi.fn(), readVocabulary: vi.fn(), readPreferences: vi.fn() }));

const entry = (phrase: string, soundsLike: string[] = []) => ({ phrase, soundsLike });
const pro: VocabularyList = { version: 4, entries: [entry('Voxpen', ['vox pen']), entry('Quillon')], editable: true };

/** The section inside a router (its Pro link), with its read already settled. */
function renderSection(list: VocabularyList) {
  const router = createMemoryRouter([{ path: '/account', element: <VocabularySection vocabulary={defer(Promise.resolve({ step: 'ready' as const, value: list }))} /> }], { initialEntries: ['/account'] });
  render(<RouterProvider router={router} />);
}

const items = async () => within(await screen.findByRole('list', { name: t.listLabel })).getAllByRole('listitem');
const status = () => screen.getAllByRole('status').at(-1)!;

afterEach(() => vi.clearAllMocks());

describe('Vocabulary on /account', () => {
  it('adds a word with its variants (the whole list sent If-Match the version read), says so and is ready for the next', async () => {
    vi.mocked(saveVocabulary).mockImplementation(async (version, entries) => ({ status: 'OK', value: { version: version + 1, entries, editable: true } }));
    renderSection(pro);
    expect(await items()).toHaveLength(2);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(t.phraseLabel), 'Zebediah');
    await user.type(screen.getByLabelText(t.soundsLikeLabel), 'zeb a dye a, zebedee');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(status().textContent).toBe(t.added('Zebediah')));
    expect(saveVocabulary).toHaveBeenCalledWith(4, [...pro.entries, entry('Zebediah', ['zeb a dye a', 'zebedee'])]);
    expect(await items()).toHaveLength(3);
    expect(screen.getByLabelText(t.phraseLabel)).toHaveValue('');
    expect(document.activeElement).toBe(screen.getByLabelText(t.phraseLabel));

    // The same letters in another case: refused beside the field, nothing sent.
    await user.type(screen.getByLabelText(t.phraseLabel), 'VOXPEN{Enter}');
    expect(await screen.findByText(vocabularyTexts.duplicate('VOXPEN'))).toBeTruthy();
    expect(saveVocabulary).toHaveBeenCalledTimes(1);
  });

  it('makes the change again to the list as it is now when another device changed it (412), and says so', async () => {
    const elsewhere: VocabularyList = { version: 5, entries: [...pro.entries, entry('Ashgrove')], editable: true };
    vi.mocked(saveVocabulary)
      .mockResolvedValueOnce({ status: 'STALE', value: elsewhere })
      .mockImplementation(async (version, entries) => ({ status: 'OK', value: { version: version + 1, entries, editable: true } }));
    renderSection(pro);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: t.removeLabel('Quillon') }));
    await waitFor(() => expect(status().textContent).toBe(`${t.removed('Quillon')} ${t.mergedNote}`));
    expect(vi.mocked(saveVocabulary).mock.calls).toEqual([
      [4, [entry('Voxpen', ['vox pen'])]],
      [5, [entry('Voxpen', ['vox pen']), entry('Ashgrove')]],
    ]);
    expect((await items()).map((li) => li.textContent)).toEqual([expect.stringContaining('Voxpen'), expect.stringContaining('Ashgrove')]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: t.title }));
  });

  it('edits an entry in place, searches by phrase or variant, and shows the API’s field error beside the field', async () => {
    vi.mocked(saveVocabulary)
      .mockRejectedValueOnce(Object.assign(new Error('400'), { isAxiosError: true, response: { status: 400, data: { message: 'Invalid', fields: { 'entries.0.soundsLike.0': vocabularyTexts.soundsLikeTooLong } } } }))
      .mockImplementation(async (version, entries) => ({ status: 'OK', value: { version: version + 1, entries, editable: true } }));
    renderSection(pro);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: t.searchLabel }), 'VOX P');
    expect(await items()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: t.editLabel('Voxpen') }));
    const form = screen.getByRole('form', { name: t.editLabel('Voxpen') });
    const variants = within(form).getByLabelText(t.soundsLikeLabel);
    await user.clear(variants);
    await user.type(variants, 'vox pen, box pen{Enter}');
    expect(await within(form).findByText(vocabularyTexts.soundsLikeTooLong)).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: t.save }));
    await waitFor(() => expect(status().textContent).toBe(t.saved('Voxpen')));
    expect(vi.mocked(saveVocabulary).mock.calls.at(-1)).toEqual([4, [entry('Voxpen', ['vox pen', 'box pen']), entry('Quillon')]]);
    await user.clear(screen.getByRole('searchbox', { name: t.searchLabel }));
    await user.type(screen.getByRole('searchbox', { name: t.searchLabel }), 'nothing like it');
    expect(screen.getByText(t.noMatch('nothing like it'))).toBeTruthy();
  });

  it('imports a file after a preview of what it changes, and sends nothing when the preview is cancelled', async () => {
    vi.mocked(saveVocabulary).mockImplementation(async (version, entries) => ({ status: 'OK', value: { version: version + 1, entries, editable: true } }));
    renderSection(pro);
    const user = userEvent.setup();
    const file = () => new File(['phrase,sounds like\nZebediah,zeb a dye a\nvoxpen,box pen\nQuillon\n'], 'words.csv', { type: 'text/csv' });
    await user.upload(await screen.findByLabelText(t.importLabel), file());
    const preview = await screen.findByRole('group', { name: t.previewTitle('words.csv') });
    expect(preview.textContent).toContain(t.previewSummary(1, 1, 1, 0));
    expect(document.activeElement).toBe(within(preview).getByRole('heading', { name: t.previewTitle('words.csv') }));
    await user.click(within(preview).getByRole('button', { name: t.cancel }));
    expect(screen.queryByRole('group')).toBeNull();
    expect(saveVocabulary).not.toHaveBeenCalled();

    await user.upload(screen.getByLabelText(t.importLabel), file());
    await user.click(await screen.findByRole('button', { name: t.importConfirm(2) }));
    await waitFor(() => expect(status().textContent).toBe(t.imported(1, 1)));
    expect(saveVocabulary).toHaveBeenCalledWith(4, [entry('Voxpen', ['vox pen', 'box pen']), entry('Quillon'), entry('Zebediah', ['zeb a dye a'])]);
  });

  it('shows Free what Pro adds and the way to it, with nothing to edit', async () => {
    renderSection({ version: 0, entries: [], editable: false });
    expect(await screen.findByRole('heading', { name: t.proTitle })).toBeTruthy();
    expect(screen.getByText(t.proPitch)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.seePro }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByLabelText(t.phraseLabel)).toBeNull();
    expect(screen.queryByLabelText(t.importLabel)).toBeNull();
  });

  it('keeps a downgraded account’s list readable and exportable, not editable, and says so', async () => {
    renderSection({ ...pro, editable: false });
    expect(await screen.findByText(t.keptNote)).toBeTruthy();
    expect(await items()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: t.removeLabel('Voxpen') })).toBeNull();
    expect(screen.queryByLabelText(t.phraseLabel)).toBeNull();
    expect(screen.getByRole('button', { name: t.exportCsv })).toBeTruthy();
  });
});

describe('Dictation preferences on /account', () => {
  const prefs: Preferences = { version: 2, language: 'en-US', style: 'clean', exportFormat: 'markdown' };
  const renderPrefs = (plan: 'free' | 'pro') => {
    const router = createMemoryRouter([{ path: '/account', element: <PreferencesSection preferences={defer(Promise.resolve({ step: 'ready' as const, value: prefs }))} plan={plan} /> }], { initialEntries: ['/account'] });
    render(<RouterProvider router={router} />);
  };

  it('offers Free its styles and formats, the Pro ones shown and not chosen, and saves If-Match the version read', async () => {
    vi.mocked(savePreferences).mockImplementation(async (version, values) => ({ status: 'OK', value: { version: version + 1, ...values, message: vocabularyTexts.preferencesSaved } as Preferences }));
    renderPrefs('free');
    const style = await screen.findByLabelText(t.styleLabel);
    expect(within(style).getByRole('option', { name: t.styles.polished })).toBeDisabled();
    expect(within(screen.getByLabelText(t.exportFormatLabel)).getByRole('option', { name: `PDF ${t.proOnly}` })).toBeDisabled();
    expect(screen.getByRole('link', { name: t.seePro })).toBeTruthy();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText(t.languageLabel), 'fr-CA');
    await user.selectOptions(style, 'verbatim');
    await user.click(screen.getByRole('button', { name: t.savePreferences }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(vocabularyTexts.preferencesSaved));
    expect(savePreferences).toHaveBeenCalledWith(2, { language: 'fr-CA', style: 'verbatim', exportFormat: 'markdown' });
  });

  it('offers Pro every style and format', async () => {
    renderPrefs('pro');
    expect(within(await screen.findByLabelText(t.styleLabel)).getByRole('option', { name: t.styles.polished })).toBeEnabled();
    expect(within(screen.getByLabelText(t.exportFormatLabel)).getByRole('option', { name: 'PDF' })).toBeEnabled();
  });
});

describe('a section whose read failed', () => {
  // What axios throws when the API does not answer (a refused connection, the time limit).
  const away = Object.assign(new Error('Network Error'), { isAxiosError: true });
  const failedRead = () => defer(Promise.resolve({ step: 'failed' as const, failure: { kind: 'unreachable' as const } }));

  it('Vocabulary says the service is away and reads the list again on Retry, without a reload', async () => {
    vi.mocked(readVocabulary).mockRejectedValueOnce(away).mockResolvedValueOnce(pro);
    const router = createMemoryRouter([{ path: '/account', element: <VocabularySection vocabulary={failedRead()} /> }], { initialEntries: ['/account'] });
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    expect(await screen.findByRole('alert')).toHaveTextContent(reachTexts.cantReach);
    expect(screen.queryByText(/reload/i)).toBeNull();
    // The first Retry finds the service still away: said again, Retry still there.
    await user.click(screen.getByRole('button', { name: reachTexts.retry }));
    expect(await screen.findByRole('alert')).toHaveTextContent(reachTexts.cantReach);
    await user.click(screen.getByRole('button', { name: reachTexts.retry }));
    expect(await items()).toHaveLength(2);
    expect(readVocabulary).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Preferences offers Retry too and shows the form once the read lands', async () => {
    const prefs: Preferences = { version: 2, language: 'en-US', style: 'clean', exportFormat: 'markdown' };
    vi.mocked(readPreferences).mockResolvedValueOnce(prefs);
    const router = createMemoryRouter([{ path: '/account', element: <PreferencesSection preferences={failedRead()} plan="free" /> }], { initialEntries: ['/account'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(reachTexts.cantReach);
    await userEvent.setup().click(screen.getByRole('button', { name: reachTexts.retry }));
    expect(await screen.findByLabelText(t.languageLabel)).toHaveValue('en-US');
  });
});
