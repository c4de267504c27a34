// Decision 045: the banner of a demo opened to a network, shown when /api/site asks for it, in both
// languages, and absent otherwise (a local demo, a real installation, an unreachable server).
import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import { i18next } from '@/lib/i18n';
import { DemoBanner, forgetDemoBanner, HEIGHT_VARIABLE } from './demo-banner';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

const site = (demoBanner: boolean) => ({
  operator: { company: 'c', address: 'a', phone: 'p', email: 'e', registration: 'r', host: 'h' },
  supportEmail: 's@example.test',
  payments: 'demo',
  mail: 'demo',
  demoBanner,
});

// jsdom has no ResizeObserver: this one reports the element once, when observed.
class ReportOnce {
  constructor(private readonly report: () => void) {}
  observe() {
    this.report();
  }
  disconnect() {}
}
vi.stubGlobal('ResizeObserver', ReportOnce);

afterEach(async () => {
  forgetDemoBanner();
  api.mockReset();
  await i18next.changeLanguage('en');
});

describe('DemoBanner', () => {
  it('says that mail and payments are simulated and anyone can reset a password', async () => {
    api.mockResolvedValue(site(true));
    render(<DemoBanner />);
    const banner = await screen.findByRole('region', { name: 'Demo server' });
    expect(banner.textContent).toBe(
      "Demo: mail and payments are simulated, and anyone can reset any account's password. " +
        'Do not enter anything you want to keep private.',
    );
    expect(api).toHaveBeenCalledWith('GET', '/api/site');
  });

  it('says it in French', async () => {
    const fr = (await import('@questkeeper/core/locales/fr.json')).default;
    i18next.addResourceBundle('fr', 'translation', fr, true, true);
    await i18next.changeLanguage('fr');
    api.mockResolvedValue(site(true));
    render(<DemoBanner />);
    const banner = await screen.findByRole('region', { name: 'Serveur de démonstration' });
    expect(banner.textContent).toContain('Démo\u00a0: les courriels et les paiements sont simulés');
    expect(banner.textContent).toContain("n'importe qui peut réinitialiser le mot de passe");
  });

  it('shows nothing when the server does not ask for it, or cannot be reached', async () => {
    api.mockResolvedValue(site(false));
    const { container, unmount } = render(<DemoBanner />);
    await vi.waitFor(() => expect(api).toHaveBeenCalled());
    await Promise.resolve();
    expect(container.innerHTML).toBe('');
    unmount();

    forgetDemoBanner();
    api.mockReset();
    api.mockRejectedValue(new Error('offline'));
    const second = render(<DemoBanner />);
    await vi.waitFor(() => expect(api).toHaveBeenCalled());
    await Promise.resolve();
    expect(second.container.innerHTML).toBe('');
  });

  it('asks once per page load, and shows at once on the pages after the first', async () => {
    api.mockResolvedValue(site(true));
    const first = render(<DemoBanner />);
    await screen.findByRole('region');
    first.unmount();
    render(<DemoBanner />);
    expect(screen.getByRole('region')).toBeTruthy();
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('renders nothing before the answer, as the prerendered pages were built', () => {
    api.mockResolvedValue(site(true));
    expect(renderToString(<DemoBanner />)).toBe('');
  });

  it('gives its height to the full-window dashboard while shown', async () => {
    const height = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(58);
    api.mockResolvedValue(site(true));
    const { unmount } = render(<DemoBanner />);
    await screen.findByRole('region');
    await waitFor(() =>
      expect(document.documentElement.style.getPropertyValue(HEIGHT_VARIABLE)).toBe('58px'),
    );
    unmount();
    expect(document.documentElement.style.getPropertyValue(HEIGHT_VARIABLE)).toBe('');
    height.mockRestore();
  });
});
