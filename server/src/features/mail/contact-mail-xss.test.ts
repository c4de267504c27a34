// The contact subject and message are the only user texts the web app never shows: they reach the
// support inbox as a mail. Every payload of the XSS corpus (e2e/support/xss-corpus.ts) is
// put in both, and the mail's HTML must hold it as text only: no tag, attribute or URL of its own.
import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../../../e2e/support/xss-corpus';
import { contactMail, escapeHtml } from './templates';

describe('contact mail', () => {
  it.each(XSS_PAYLOADS.map((payload) => [payload.id, payload.text] as const))(
    'holds payload %i as text only',
    (_id, text) => {
      const mail = contactMail({ email: 'gm@example.test', tier: 'Hero', subject: text, message: text });
      const html = mail.html;
      // What the user typed appears escaped, and nothing of it as markup.
      expect(html).toContain(escapeHtml(text));
      expect(html).not.toMatch(
        /<(script|iframe|object|embed|svg|math|img|style|base|meta http|a href="javascript)/i,
      );
      expect(html).not.toMatch(/<[^>]*\son\w+\s*=/i);
      expect(html.match(/<title>/g)).toHaveLength(1);
      // The subject is one line (no header injection through a new line).
      expect(mail.subject).not.toMatch(/[\r\n]/);
    },
  );
});
