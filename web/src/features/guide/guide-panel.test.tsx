// The guided first fight's card (docs/product.md#guided-first-fight): progress, the next step's button,
// a tick announced politely, and Escape inside the card closing it on the server.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuideState } from '@questkeeper/core/schemas/guide';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { GuidePanel } from './guide-panel';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

let server: GuideState;
beforeEach(() => {
  server = { done: ['demo', 'secret'], dismissed: false };
  api.mockReset();
  api.mockImplementation(async (method, _path, options) => {
    if (method === 'PATCH') server = { ...server, ...(options as { body: Partial<GuideState> }).body };
    return structuredClone(server);
  });
});

describe('GuidePanel', () => {
  it('shows the progress and the next step, announces a tick, and closes on Escape', async () => {
    const onGo = vi.fn();
    const onClosed = vi.fn();
    const { queryClient } = renderWithProviders(
      <GuidePanel onGo={onGo} canGo={() => true} focusRequest={0} onClosed={onClosed} />,
    );
    const card = await screen.findByRole('region', { name: 'Guided first fight' });
    expect(card.textContent).toContain('2 of 6');
    expect(card.textContent).toContain('Done: Open the rules and find the secret');
    fireEvent.click(screen.getByRole('button', { name: 'Open encounters' }));
    expect(onGo).toHaveBeenCalledWith('encounters');

    server = { ...server, done: ['demo', 'secret', 'encounter'] };
    await queryClient.invalidateQueries();
    await waitFor(() =>
      expect(document.body.querySelector('.sr-only[aria-live="polite"]')?.textContent).toBe(
        'Step done: Run the encounter. 3 of 6.',
      ),
    );

    fireEvent.keyDown(screen.getByRole('button', { name: 'Close the guide' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Guided first fight' })).toBeNull());
    expect(api).toHaveBeenCalledWith('PATCH', '/api/me/guide', { body: { dismissed: true } });
    expect(onClosed).toHaveBeenCalled();
  });
});
