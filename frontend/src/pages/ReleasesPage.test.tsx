import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { releasesTexts } from './releases-texts';
import { answerReleases, ARM_RELEASE, releaseList, WINDOWS_RELEASE } from '../home/visitors.test-support';
import { ReleasesPage } from './ReleasesPage';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/download/releases', element: <ReleasesPage /> }], { initialEntries: ['/download/releases'] });
  return render(<RouterProvider router={router} />);
}

const OLDER_WINDOWS = { version: '1.3.0', pub_date: '2026-09-15T09:00:00.000Z', download_url: 'https://downloads.voxpen.app/Voxpen_1.3.0_x64-setup.exe', notes: 'Fixes:\n- a crash on start\n- slow export' };

describe('/download/releases', () => {
  it("lists each platform's versions newest first, with dates, notes and the newest one's download", async () => {
    answerReleases(releaseList({ 'windows-x86_64': [{ ...WINDOWS_RELEASE, notes: 'Faster start-up.' }, OLDER_WINDOWS], 'darwin-aarch64': [{ ...ARM_RELEASE, notes: 'First Mac release.' }] }));
    const { container } = renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(releasesTexts.heading);
    expect(screen.getByText(releasesTexts.loading)).toBeInTheDocument();

    const windows = await screen.findByRole('region', { name: 'Windows (64-bit)' });
    const mac = screen.getByRole('region', { name: 'Mac with Apple silicon' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Windows (64-bit)', 'Mac with Apple silicon']);

    expect(within(windows).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Version 1.4.2', 'Version 1.3.0']);
    expect(within(windows).getByText('Released November 2, 2026')).toHaveAttribute('datetime', WINDOWS_RELEASE.pub_date);
    expect(within(windows).getByText('Released September 15, 2026')).toBeInTheDocument();
    expect(within(windows).getByText('Faster start-up.')).toBeInTheDocument();
    // Multi-line notes keep their lines.
    expect(container.querySelector('.release-notes:last-of-type')).not.toBeNull();
    expect(within(windows).getByText(/Fixes:/).textContent).toBe(OLDER_WINDOWS.notes);
    // Only the newest version is offered for download, under its Tauri file name.
    expect(within(windows).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('download')])).toEqual([
      ['Download 1.4.2', WINDOWS_RELEASE.download_url, 'Voxpen_1.4.2_x64-setup.exe'],
    ]);

    expect(within(mac).getByRole('heading', { level: 3 }).textContent).toBe('Version 1.5.0');
    expect(within(mac).getByText('First Mac release.')).toBeInTheDocument();
    expect(within(mac).getByRole('link', { name: 'Download 1.5.0' })).toHaveAttribute('download', 'Voxpen_1.5.0_aarch64.dmg');
    expect(screen.getByRole('link', { name: releasesTexts.back })).toHaveAttribute('href', '/download');
  });

  it('says when a version has no notes, and when nothing is published', async () => {
    answerReleases(releaseList({ 'windows-x86_64': [WINDOWS_RELEASE] }));
    const first = renderPage();
    await screen.findByText(releasesTexts.noNotes);
    first.unmount();

    answerReleases(releaseList({}));
    renderPage();
    await screen.findByText(releasesTexts.none);
  });

  it('says the notes could not be loaded when the API fails', async () => {
    answerReleases('fail');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(releasesTexts.failed);
    expect(errors).toHaveBeenCalled();
  });
});
