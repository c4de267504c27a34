// The values of GET /api/site the legal pages show, and how an address or number in one becomes a
// link: shared by SiteValue (the app) and the island script of the legal pages (decision 069), which
// fills the same markup without React.
import type { SiteInfo } from '@questkeeper/core/schemas/site';

export type SiteValueKind = 'text' | 'email' | 'phone';
export type SiteField = `operator.${keyof SiteInfo['operator']}` | 'supportEmail';

export function readSiteField(info: SiteInfo, field: SiteField): string {
  if (field === 'supportEmail') return info.supportEmail;
  const key = field.slice('operator.'.length) as keyof SiteInfo['operator'];
  return info.operator[key];
}

// Configured values may carry a note, e.g. the default "contact@… (sample value)".
const EMAIL = /[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+/;
const PHONE = /\+?\d[\d\s().-]{4,}\d/;

export const CONTACT_LINK_CLASS =
  'font-medium text-brand underline underline-offset-4 hover:text-brand-strong';

/** The address or number in `value` as a mailto:/tel: link, with the text around it; null for
 *  plain text. */
export function contactLink(
  value: string,
  kind: SiteValueKind,
): { before: string; text: string; href: string; after: string } | null {
  const match = kind === 'email' ? EMAIL.exec(value) : kind === 'phone' ? PHONE.exec(value) : null;
  if (!match) return null;
  const text = match[0];
  return {
    before: value.slice(0, match.index),
    text,
    href: kind === 'email' ? `mailto:${text}` : `tel:${text.replace(/[^\d+]/g, '')}`,
    after: value.slice(match.index + text.length),
  };
}
