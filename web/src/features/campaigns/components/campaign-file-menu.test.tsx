// The campaign's file menu in the sidebar row (docs/decisions/024): a keyboard menu of the WAI-ARIA pattern,
// downloads with the session's headers saved under the server's file name, and a toast on failure.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiDownload } from '@/lib/api-client';
import { createCampaign } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { CampaignFileMenu } from './campaign-file-menu';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiDownload: vi.fn(),
}));
const download = vi.mocked(apiDownload);

let saved: { href: string; name: string }[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:qk/1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, name: this.download });
  });
});
afterEach(() => {
  download.mockReset();
  vi.restoreAllMocks();
});

const campaign = createCampaign({ _id: 'c9', name: 'Forêt noire' });
const renderMenu = () => renderWithProviders(<CampaignFileMenu campaign={campaign} className="" />);

describe('campaign file menu', { timeout: 20_000 }, () => {
  it('opens from the keyboard on its first item, moves with the arrows and closes with Escape', async () => {
    const user = userEvent.setup();
    renderMenu();
    const button = screen.getByRole('button', { name: 'Export Forêt noire' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');

    button.focus();
    await user.keyboard('{ArrowDown}');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Export (JSON)',
      'Backup with images (ZIP)',
      'Rules as markdown',
    ]);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(items[2]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[0]);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('downloads the JSON export with the campaign header and saves it under the server’s name', async () => {
    const user = userEvent.setup();
    download.mockResolvedValue({
      blob: new Blob(['{}'], { type: 'application/json' }),
      disposition: `attachment; filename="Foret-noire.json"; filename*=UTF-8''For%C3%AAt%20noire.json`,
    });
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Export Forêt noire' }));
    await user.click(screen.getByRole('menuitem', { name: 'Export (JSON)' }));

    await waitFor(() => expect(saved).toEqual([{ href: 'blob:qk/1', name: 'Forêt noire.json' }]));
    expect(download).toHaveBeenCalledWith('/api/game-data/c9/export', { headers: { 'x-campaign-id': 'c9' } });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  // docs/decisions/077: the backup with images is the archive, saved under the server's .zip name.
  it('downloads the backup with images (ZIP) and saves it under the server’s name', async () => {
    const user = userEvent.setup();
    download.mockResolvedValue({
      blob: new Blob([new Uint8Array([0x50, 0x4b, 3, 4])], { type: 'application/zip' }),
      disposition: `attachment; filename="Foret-noire.zip"; filename*=UTF-8''For%C3%AAt%20noire.zip`,
    });
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Export Forêt noire' }));
    await user.click(screen.getByRole('menuitem', { name: 'Backup with images (ZIP)' }));

    await waitFor(() => expect(saved).toEqual([{ href: 'blob:qk/1', name: 'Forêt noire.zip' }]));
    expect(download).toHaveBeenCalledWith('/api/game-data/c9/export.zip', {
      headers: { 'x-campaign-id': 'c9' },
    });
  });

  it('saves a backup over the import limit all the same, and says it cannot come back as it is', async () => {
    const user = userEvent.setup();
    const zip = new Blob([new Uint8Array([0x50, 0x4b, 3, 4])], { type: 'application/zip' });
    // 150 MiB without holding them: only the size is read. (The matcher reads no-break spaces as spaces.)
    Object.defineProperty(zip, 'size', { value: 150 * 1024 * 1024 });
    download.mockResolvedValue({ blob: zip, disposition: 'attachment; filename="Foret-noire.zip"' });
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Export Forêt noire' }));
    await user.click(screen.getByRole('menuitem', { name: 'Backup with images (ZIP)' }));

    await screen.findByText(
      'The backup of “Forêt noire” is saved, but it weighs 150 MB and an import takes back at most 100 MB. Keep the JSON export too: it brings back everything but the pictures.',
    );
    expect(saved).toEqual([{ href: 'blob:qk/1', name: 'Foret-noire.zip' }]);
  });

  it('says nothing more of a backup within the import limit', async () => {
    const user = userEvent.setup();
    const zip = new Blob([new Uint8Array([0x50, 0x4b, 3, 4])], { type: 'application/zip' });
    Object.defineProperty(zip, 'size', { value: 100 * 1024 * 1024 });
    download.mockResolvedValue({ blob: zip, disposition: 'attachment; filename="Foret-noire.zip"' });
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Export Forêt noire' }));
    await user.click(screen.getByRole('menuitem', { name: 'Backup with images (ZIP)' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Export Forêt noire' }).getAttribute('aria-busy')).toBeNull(),
    );
    expect(screen.queryByText(/an import takes back at most/)).toBeNull();
  });

  it('downloads the rules as markdown from the keyboard, busy meanwhile', async () => {
    const user = userEvent.setup();
    let finish: (value: Awaited<ReturnType<typeof apiDownload>>) => void = () => undefined;
    download.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderMenu();
    const button = screen.getByRole('button', { name: 'Export Forêt noire' });
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Rules as markdown' }));
    await user.keyboard('{Enter}');

    expect(download).toHaveBeenCalledWith('/api/game-data/c9/rules.md', {
      headers: { 'x-campaign-id': 'c9' },
    });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(button);
    // A second press while it runs opens nothing.
    await user.keyboard('{ArrowDown}');
    expect(screen.queryByRole('menu')).toBeNull();

    finish({ blob: new Blob(['# Rules']), disposition: 'attachment; filename="Foret-noire.md"' });
    await waitFor(() => expect(button.hasAttribute('aria-busy')).toBe(false));
    expect(saved).toEqual([{ href: 'blob:qk/1', name: 'Foret-noire.md' }]);
  });

  it('says in a toast why a download failed', async () => {
    const user = userEvent.setup();
    download.mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'Campaign not found.'));
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Export Forêt noire' }));
    await user.click(screen.getByRole('menuitem', { name: 'Export (JSON)' }));

    await screen.findByText('“Forêt noire” could not be downloaded: Campaign not found.');
    expect(saved).toEqual([]);
  });
});
