// The unit form's portrait control (issue 34) against a fake API: a chosen PNG is sent at once with
// PUT and shows as the unit's portrait in the form and the units list, the form still savable; the
// server's refusal and the check made before sending are shown in its words; Remove asks first.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as ApiClient from '@/lib/api-client';
import { ApiError, apiDownload, apiRequest, apiUpload } from '@/lib/api-client';
import type { Unit } from '@/lib/units';
import { unitKeys } from '@/lib/units';
import { createCampaign, createUnit } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { UnitFormModal } from './unit-form-modal';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
  apiUpload: vi.fn(),
  apiDownload: vi.fn(),
}));
const api = vi.mocked(apiRequest);
const upload = vi.mocked(apiUpload);
const download = vi.mocked(apiDownload);

// jsdom has no blob URLs.
const created: string[] = [];
beforeAll(() => {
  URL.createObjectURL = vi.fn(() => {
    created.push(`blob:portrait-${created.length + 1}`);
    return created.at(-1)!;
  });
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

/** A 1 × 1 PNG's bytes. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);
const png = (name = 'aria.png') => new File([PNG], name, { type: 'image/png' });

const campaign = createCampaign({
  races: [{ _id: 'r1', name: 'Elf', note: '' }],
  statuses: [{ _id: 's1', name: 'Normal', note: '' }],
});

function renderForm(unit: Unit | null) {
  const onSaved = vi.fn();
  const result = renderWithProviders(
    <UnitFormModal campaign={campaign} tier="Hero" unit={unit} onClose={vi.fn()} onSaved={onSaved} />,
  );
  if (unit) result.queryClient.setQueryData(unitKeys.list('anonymous', campaign._id), [unit]);
  const input = () => document.querySelector<HTMLInputElement>('input[data-portrait-input]')!;
  return { ...result, input, onSaved };
}

const section = () => screen.getByRole('region', { name: 'Portrait' });

describe('unit form: portrait', { timeout: 20_000 }, () => {
  it('uploads a chosen PNG at once and shows it; the unit keeps its version and the form saves', async () => {
    const aria = createUnit({ _id: 'u1', name: 'Aria', race: 'Elf', gameDataId: campaign._id });
    upload.mockResolvedValue({ portrait: { etag: '"e1"', width: 1, height: 1 } });
    download.mockResolvedValue({ blob: new Blob([PNG], { type: 'image/webp' }), disposition: null });
    const { input, queryClient } = renderForm(aria);
    expect(section().querySelector('[data-initials="A"]')).toBeTruthy();
    expect(within(section()).queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove portrait' })).toBeNull();

    await userEvent.upload(input(), png());

    expect(await within(section()).findByRole('img', { name: 'Aria' })).toBeTruthy();
    expect(upload).toHaveBeenCalledTimes(1);
    const [path, body, options] = upload.mock.calls[0]!;
    expect(path).toBe('/api/units/u1/portrait');
    expect(body).toBeInstanceOf(File);
    expect(options).toMatchObject({
      method: 'PUT',
      contentType: 'image/png',
      headers: { 'x-campaign-id': campaign._id },
    });
    expect(download.mock.calls[0]?.[0]).toBe('/api/units/u1/portrait');
    expect(screen.getByRole('button', { name: 'Replace portrait' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove portrait' })).toBeTruthy();
    expect(await screen.findByText('Portrait saved')).toBeTruthy();
    // The list holds the new portrait (cards, fight rows and the order show it), the version unchanged.
    const list = queryClient.getQueryData<(Unit & { portrait?: unknown })[]>(
      unitKeys.list('anonymous', campaign._id),
    );
    expect(list?.[0]?.portrait).toEqual({ etag: '"e1"', width: 1, height: 1 });
    expect(list?.[0]?.version).toBe(aria.version);
    expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows a spinner and disables the buttons while sending, then the server refusal in its words', async () => {
    const aria = createUnit({ _id: 'u1', name: 'Aria', race: 'Elf', gameDataId: campaign._id });
    let refuse: (error: unknown) => void = () => undefined;
    upload.mockImplementation(() => new Promise((_resolve, reject) => (refuse = reject)));
    const { input } = renderForm(aria);

    await userEvent.upload(input(), png());
    const busy = await screen.findByRole('button', { name: 'Uploading…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');

    refuse(
      new ApiError(400, 'IMAGE_TOO_MANY_PIXELS', 'The image has too many pixels: 40 megapixels at most.'),
    );
    expect((await within(section()).findByRole('alert')).textContent).toBe(
      'The image has too many pixels: 40 megapixels at most.',
    );
    expect((screen.getByRole('button', { name: 'Upload portrait' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(within(section()).queryByRole('img')).toBeNull();
  });

  it('refuses a text file named .png before sending it, in the server words', async () => {
    const aria = createUnit({ _id: 'u1', name: 'Aria', race: 'Elf', gameDataId: campaign._id });
    const { input } = renderForm(aria);
    await userEvent.upload(input(), new File(['not an image'], 'fake.png', { type: 'image/png' }));
    expect((await within(section()).findByRole('alert')).textContent).toBe(
      'This file is not a PNG, JPEG or WebP image, or it is damaged.',
    );
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses a file over 5 MB before sending it', async () => {
    const aria = createUnit({ _id: 'u1', name: 'Aria', race: 'Elf', gameDataId: campaign._id });
    const { input } = renderForm(aria);
    const big = new File([PNG, new Uint8Array(5 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    await userEvent.upload(input(), big);
    expect((await within(section()).findByRole('alert')).textContent).toBe(
      'The image is too large: 5 MB at most.',
    );
    expect(upload).not.toHaveBeenCalled();
  });

  it('removes the portrait only after confirming', async () => {
    const aria = {
      ...createUnit({ _id: 'u1', name: 'Aria', race: 'Elf', gameDataId: campaign._id }),
      portrait: { etag: '"e1"', width: 1, height: 1 },
    } as Unit;
    download.mockResolvedValue({ blob: new Blob([PNG]), disposition: null });
    api.mockResolvedValue(undefined);
    renderForm(aria);
    expect(await within(section()).findByRole('img', { name: 'Aria' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove portrait' }));
    let confirm = screen.getByRole('dialog', { name: 'Remove the portrait?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api).not.toHaveBeenCalled();
    expect(within(section()).getByRole('img', { name: 'Aria' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove portrait' }));
    confirm = screen.getByRole('dialog', { name: 'Remove the portrait?' });
    expect(
      within(confirm).getByText("Aria will show initials instead, here and on players' pages."),
    ).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove portrait' }));
    await waitFor(() => expect(within(section()).queryByRole('img')).toBeNull());
    expect(api).toHaveBeenCalledWith('DELETE', '/api/units/u1/portrait', {
      headers: { 'x-campaign-id': campaign._id },
    });
    expect(section().querySelector('[data-initials="A"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload portrait' })).toBeTruthy();
    expect(await screen.findByText('Portrait removed')).toBeTruthy();
  });

  it('says a new unit gets its portrait once it exists', () => {
    renderForm(null);
    expect(within(section()).getByText(/^Create the unit first/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload portrait' })).toBeNull();
  });
});
