// The contact modal (docs/product.md#contact-modal, #validation, #messages, #limits) against a fake server:
// live counters, required fields, the server's refusal, the generic error, the success box and the close 2000
// ms later. The journey in e2e/tests/account-modals.spec.ts runs it against the real server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX } from '@questkeeper/core/limits';
import * as api from './api/send-contact';
import { ContactModal, CONTACT_AUTO_CLOSE_MS } from './contact-modal';

// The real call by default (through a fake fetch); one test answers at once to run on fake timers.
vi.mock('./api/send-contact', async (original) => {
  const real = await original<typeof api>();
  return { sendContactMessage: vi.fn(real.sendContactMessage) };
});

type Answer = { status: number; body?: unknown } | 'network';
const requests: { path: string; body: unknown }[] = [];
function fakeServer(answer: Answer) {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      requests.push({ path, body: JSON.parse(String(init.body)) });
      if (answer === 'network') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(answer.body ?? {}), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderModal() {
  const onClose = vi.fn();
  render(<ContactModal onClose={onClose} />);
  return {
    onClose,
    subject: screen.getByRole('textbox', { name: 'Subject' }) as HTMLInputElement,
    message: screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement,
    send: screen.getByRole('button', { name: 'Send' }),
  };
}

const fmt = (n: number) => new Intl.NumberFormat('en').format(n);

describe('contact modal', { timeout: 20_000 }, () => {
  it('counts the characters of both fields live and holds them to their limits', async () => {
    const { subject, message } = renderModal();
    expect(screen.getByText(`0 / ${fmt(CONTACT_SUBJECT_MAX)}`)).toBeTruthy();
    expect(screen.getByText(`0 / ${fmt(CONTACT_MESSAGE_MAX)}`)).toBeTruthy();
    expect(subject.maxLength).toBe(CONTACT_SUBJECT_MAX);
    expect(message.maxLength).toBe(CONTACT_MESSAGE_MAX);
    expect(subject.required && message.required).toBe(true);

    await userEvent.type(subject, 'Lost dragon');
    await userEvent.type(message, 'Hello!');
    expect(screen.getByText(`11 / ${fmt(CONTACT_SUBJECT_MAX)}`)).toBeTruthy();
    expect(screen.getByText(`6 / ${fmt(CONTACT_MESSAGE_MAX)}`)).toBeTruthy();
    // Screen readers hear the counter as words.
    expect(subject.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(`11 of ${fmt(CONTACT_SUBJECT_MAX)} characters`)).toBeTruthy();
  });

  it('keeps Send disabled while a field is empty, blank or over its limit', async () => {
    fakeServer({ status: 200, body: { message: 'ok' } });
    const { subject, message, send } = renderModal();
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(subject, 'Question');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(message, '   ');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(message, 'Real text');
    expect((send as HTMLButtonElement).disabled).toBe(false);

    // A value longer than the limit (maxLength stops typing, not every way in) is refused.
    fireEvent.change(message, { target: { value: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) } });
    expect(screen.getByText(`${fmt(CONTACT_MESSAGE_MAX + 1)} / ${fmt(CONTACT_MESSAGE_MAX)}`)).toBeTruthy();
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(send.closest('dialog')!.querySelector('form')!);
    expect(requests).toHaveLength(0);
  });

  it('sends the trimmed message, shows the success box, then closes by itself after 2000 ms', async () => {
    const { subject, message, send, onClose } = renderModal();
    await userEvent.type(subject, '  Lost dragon ');
    await userEvent.type(message, 'It flew away.');

    vi.mocked(api.sendContactMessage).mockResolvedValueOnce(undefined);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(send);
    });
    expect(api.sendContactMessage).toHaveBeenCalledWith({ subject: 'Lost dragon', message: 'It flew away.' });
    expect(screen.getByRole('status').textContent).toBe(
      "Message sent successfully! We'll get back to you soon.",
    );
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    // The footer's Cancel became Close (beside the title bar's).
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(2);

    act(() => vi.advanceTimersByTime(CONTACT_AUTO_CLOSE_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message when it refuses, and keeps the text to try again", async () => {
    fakeServer({
      status: 429,
      body: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait 60 seconds and try again.' },
    });
    const { subject, message, send, onClose } = renderModal();
    await userEvent.type(subject, 'Again');
    await userEvent.type(message, 'And again');
    await userEvent.click(send);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait 60 seconds and try again.',
    );
    expect(requests).toEqual([
      { path: '/api/contact/send', body: { subject: 'Again', message: 'And again' } },
    ]);
    expect(subject.value).toBe('Again');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the field errors of a validation refusal beside their fields', async () => {
    fakeServer({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid.',
        fields: { message: 'This field is required.' },
      },
    });
    const { subject, message, send } = renderModal();
    await userEvent.type(subject, 'Subject');
    await userEvent.type(message, 'Text');
    await userEvent.click(send);
    expect((await screen.findByRole('alert')).textContent).toBe('Some fields are not valid.');
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This field is required.')).toBeTruthy();
  });

  it('shows the contact error when the server cannot be reached', async () => {
    fakeServer('network');
    const { subject, message, send } = renderModal();
    await userEvent.type(subject, 'Offline');
    await userEvent.type(message, 'No network');
    await userEvent.click(send);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send message. Please try again.');
  });

  it('says Sending… and cannot be dismissed while the message is on its way', async () => {
    let answer: (value: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { subject, message, send, onClose } = renderModal();
    await userEvent.type(subject, 'Slow');
    await userEvent.type(message, 'Line');
    await userEvent.click(send);
    const busy = screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answer(new Response('{"message":"ok"}', { status: 200 })));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
