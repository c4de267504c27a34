// The handout's image field (issue 34) against a fake API: a chosen image is uploaded at once
// (POST /api/game-data/{id}/images), previewed as the server stored it, and the reveal sends its id —
// an image alone is enough; a refusal is shown in the server's words and leaves no image chosen; an
// uploaded image that is not revealed (removed, replaced, the dialog closed, even mid-upload) is discarded.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiDownload, apiRequest, apiUpload } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { HandoutDialog } from './handout-dialog';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
  apiUpload: vi.fn(),
  apiDownload: vi.fn(),
}));
const api = vi.mocked(apiRequest);
const upload = vi.mocked(apiUpload);
const download = vi.mocked(apiDownload);

beforeAll(() => {
  let count = 0;
  URL.createObjectURL = vi.fn(() => `blob:image-${++count}`);
  URL.revokeObjectURL = vi.fn();
});
afterAll(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});
afterEach(() => {
  api.mockReset();
  upload.mockReset();
  download.mockReset();
});

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

function renderDialog() {
  const onClose = vi.fn();
  renderWithProviders(<HandoutDialog campaignId="c1" open onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Reveal a handout' });
  return { dialog, onClose, input: () => within(dialog).getByLabelText('Image (optional)') };
}

describe('handout dialog: image', { timeout: 20_000 }, () => {
  it('uploads the chosen image at once, previews it and reveals it by id (no text needed)', async () => {
    let stored: (value: unknown) => void = () => undefined;
    upload.mockImplementation(() => new Promise((resolve) => (stored = resolve)));
    download.mockResolvedValue({ blob: new Blob([PNG], { type: 'image/webp' }), disposition: null });
    api.mockResolvedValue({ _id: 'r1' });
    const { dialog, onClose, input } = renderDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'The map');

    await userEvent.upload(input(), new File([PNG], 'map.png', { type: 'image/png' }));
    expect(await within(dialog).findByText('Uploading the image…')).toBeTruthy();
    expect(
      (within(dialog).getByRole('button', { name: 'Reveal to players' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(upload).toHaveBeenCalledWith('/api/game-data/c1/images', expect.any(File), {
      contentType: 'image/png',
      headers: { 'x-campaign-id': 'c1' },
    });

    stored({ _id: 'img1', etag: '"x"', width: 1, height: 1 });
    expect(await within(dialog).findByText('map.png')).toBeTruthy();
    const preview = within(dialog).getByRole('region', { name: 'What players will see' });
    await waitFor(() =>
      expect(download.mock.calls.some(([path]) => path === '/api/game-data/c1/images/img1')).toBe(true),
    );
    expect(within(preview).getByRole('img', { name: 'Image: The map' })).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reveal to players' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api).toHaveBeenCalledWith('POST', '/api/game-data/c1/reveals', {
      body: { kind: 'handout', title: 'The map', imageId: 'img1' },
    });
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('discards an uploaded image that is removed, replaced or left in a closed dialog, even mid-upload', async () => {
    let n = 0;
    upload.mockImplementation(async () => ({ _id: `img${++n}`, etag: '"x"', width: 1, height: 1 }));
    download.mockResolvedValue({ blob: new Blob([PNG], { type: 'image/webp' }), disposition: null });
    api.mockResolvedValue(null);
    const discarded = () => api.mock.calls.filter(([method]) => method === 'DELETE').map(([, path]) => path);
    const { dialog, onClose, input } = renderDialog();

    await userEvent.upload(input(), new File([PNG], 'a.png', { type: 'image/png' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Remove the image' }));
    await waitFor(() => expect(discarded()).toEqual(['/api/game-data/c1/images/img1']));

    await userEvent.upload(input(), new File([PNG], 'b.png', { type: 'image/png' }));
    expect(await within(dialog).findByText('b.png')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    await waitFor(() =>
      expect(discarded()).toEqual(['/api/game-data/c1/images/img1', '/api/game-data/c1/images/img2']),
    );

    // Closed while the upload is on its way: the image it answers with is discarded at once.
    let stored: (value: unknown) => void = () => undefined;
    upload.mockImplementation(() => new Promise((resolve) => (stored = resolve)));
    await userEvent.upload(input(), new File([PNG], 'c.png', { type: 'image/png' }));
    expect(await within(dialog).findByText('Uploading the image…')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    stored({ _id: 'img3', etag: '"x"', width: 1, height: 1 });
    await waitFor(() => expect(discarded()).toContain('/api/game-data/c1/images/img3'));
    expect(api.mock.calls.some(([method]) => method === 'POST')).toBe(false);
  });

  it('shows a refused upload in the server words and keeps no image', async () => {
    upload.mockRejectedValue(
      new ApiError(400, 'IMAGE_TOO_MANY_PIXELS', 'The image has too many pixels: 40 megapixels at most.'),
    );
    const { dialog, input } = renderDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'The map');
    await userEvent.upload(input(), new File([PNG], 'map.png', { type: 'image/png' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The image has too many pixels: 40 megapixels at most.',
    );
    expect(within(dialog).queryByText('map.png')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reveal to players' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Write a text or add an image.');
    expect(api).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image before sending it', async () => {
    const { dialog, input } = renderDialog();
    await userEvent.upload(input(), new File(['hello'], 'notes.webp', { type: 'image/webp' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This file is not a PNG, JPEG or WebP image, or it is damaged.',
    );
    expect(upload).not.toHaveBeenCalled();
  });
});
