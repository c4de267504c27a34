// The mails Questkeeper sends, each as { subject, text, html } in the recipient's language, built
// from the same core/locales 'mail' strings so the plain-text and HTML parts always say the same.
// HTML is for mail clients: tables and inline styles, no external images or fonts, and every value
// (locale text included) escaped, since some of it is typed by users (contact subject and message).
import { translate, type Language, type MessageKey } from '@questkeeper/core/i18n';
import type { Tier } from '@questkeeper/core/tiers';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

// The app's light palette (web/src/styles.css), written out because mail clients ignore variables.
const COLORS = {
  canvas: '#fbf7f0',
  surface: '#ffffff',
  muted: '#f4ede2',
  ink: '#231c16',
  inkMuted: '#5f5247',
  line: '#e3d7c6',
  brand: '#9a3412',
  onBrand: '#ffffff',
  gold: '#8a5a00',
};
const FONT_SANS = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const FONT_DISPLAY = "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, serif";

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Password reset: the single-use link, valid one hour (docs/product.md#accounts). */
export function resetPasswordMail(language: Language, link: string): RenderedMail {
  const t = (key: MessageKey) => translate(language, key);
  return {
    subject: t('mail.resetSubject'),
    text: lines(
      t('mail.resetIntro'),
      '',
      t('mail.resetLinkHint'),
      link,
      '',
      t('mail.resetIgnore'),
      ...signature(language),
    ),
    html: layout(language, t('mail.resetSubject'), [
      paragraph(t('mail.resetIntro')),
      paragraph(t('mail.resetLinkHint')),
      button(link, t('mail.resetAction')),
      linkAsText(link),
      paragraph(t('mail.resetIgnore'), { muted: true }),
      signatureHtml(language),
    ]),
  };
}

/** Sent once an account is created, in the language it was created in. */
export function welcomeMail(language: Language, email: string, dashboardLink: string): RenderedMail {
  const t = (key: MessageKey) => translate(language, key, { email });
  return {
    subject: t('mail.welcomeSubject'),
    text: lines(
      t('mail.welcomeIntro'),
      '',
      t('mail.welcomeBody'),
      '',
      t('mail.welcomeLinkHint'),
      dashboardLink,
      ...signature(language),
    ),
    html: layout(language, t('mail.welcomeSubject'), [
      paragraph(t('mail.welcomeIntro')),
      paragraph(t('mail.welcomeBody')),
      button(dashboardLink, t('mail.welcomeAction')),
      linkAsText(dashboardLink),
      signatureHtml(language),
    ]),
  };
}

/**
 * Sent once an account is deleted (decision 024), in the account's language: the one message that
 * outlives the account, so it names what went and that the address is free again.
 */
export function accountDeletedMail(language: Language, email: string): RenderedMail {
  const t = (key: MessageKey) => translate(language, key, { email });
  return {
    subject: t('mail.accountDeletedSubject'),
    text: lines(
      t('mail.accountDeletedIntro'),
      '',
      t('mail.accountDeletedBilling'),
      '',
      t('mail.accountDeletedOutro'),
      ...signature(language),
    ),
    html: layout(language, t('mail.accountDeletedSubject'), [
      paragraph(t('mail.accountDeletedIntro')),
      paragraph(t('mail.accountDeletedBilling')),
      paragraph(t('mail.accountDeletedOutro'), { muted: true }),
      signatureHtml(language),
    ]),
  };
}

/** A user's message to support: always English (support reads English), answered by Reply-To. */
export function contactMail(input: {
  email: string;
  tier: Tier;
  subject: string;
  message: string;
}): RenderedMail {
  const from = translate('en', 'mail.contactFrom', { email: input.email, tier: input.tier });
  // A mail subject is one line, whatever the user typed.
  const subject = translate('en', 'mail.contactSubject', {
    subject: input.subject.replace(/\s+/g, ' ').trim(),
  });
  return {
    subject,
    text: `${from}\n\n${input.message}`,
    html: layout('en', subject, [
      paragraph(from, { muted: true }),
      `<div style="margin:0 0 16px;padding:14px 16px;background:${COLORS.muted};border-radius:8px;` +
        `white-space:pre-wrap;word-break:break-word;">${escapeHtml(input.message)}</div>`,
    ]),
  };
}

function lines(...parts: string[]): string {
  return `${parts.join('\n')}\n`;
}

function signature(language: Language): string[] {
  return ['', translate(language, 'mail.signOff'), translate(language, 'mail.team')];
}

function paragraph(text: string, options: { muted?: boolean } = {}): string {
  const color = options.muted ? COLORS.inkMuted : COLORS.ink;
  return `<p style="margin:0 0 16px;color:${color};">${escapeHtml(text)}</p>`;
}

function button(href: string, label: string): string {
  return (
    `<p style="margin:24px 0;"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 22px;` +
    `background:${COLORS.brand};color:${COLORS.onBrand};border-radius:8px;font-weight:600;` +
    `text-decoration:none;">${escapeHtml(label)}</a></p>`
  );
}

/** The raw link too, for clients that block buttons and for copying. */
function linkAsText(href: string): string {
  return (
    `<p style="margin:0 0 16px;font-size:13px;word-break:break-all;">` +
    `<a href="${escapeHtml(href)}" style="color:${COLORS.brand};">${escapeHtml(href)}</a></p>`
  );
}

function signatureHtml(language: Language): string {
  return (
    `<p style="margin:24px 0 0;color:${COLORS.ink};">${escapeHtml(translate(language, 'mail.signOff'))}<br>` +
    `<span style="font-family:${FONT_DISPLAY};color:${COLORS.gold};">` +
    `${escapeHtml(translate(language, 'mail.team'))}</span></p>`
  );
}

function layout(language: Language, title: string, blocks: string[]): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.canvas};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.canvas};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:${COLORS.surface};border:1px solid ${COLORS.line};border-radius:16px;">
<tr><td style="padding:20px 28px;border-bottom:3px solid ${COLORS.brand};font-family:${FONT_DISPLAY};font-size:24px;font-weight:700;color:${COLORS.brand};">&#9876; Questkeeper</td></tr>
<tr><td style="padding:24px 28px;font-family:${FONT_SANS};font-size:16px;line-height:1.55;color:${COLORS.ink};">
${blocks.join('\n')}
</td></tr>
</table>
<p style="margin:16px 0 0;font-family:${FONT_SANS};font-size:12px;color:${COLORS.inkMuted};">${escapeHtml(translate(language, 'mail.footer'))}</p>
</td></tr>
</table>
</body>
</html>
`;
}
