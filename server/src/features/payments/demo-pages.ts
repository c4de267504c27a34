// Server-rendered pages of the demo payment provider (decisions.md "Payments"). The `html` tag
// escapes every interpolated value, so no text a user typed can become markup; the pages carry no
// inline script or style (CSP: default-src 'self').
import { translate, type Language } from '@questkeeper/core/i18n';
import { TIER_LIMITS, type PaidPlan, type Tier } from '@questkeeper/core/tiers';

export const DEMO_BASE = '/api/stripe/demo';

/** What a demo page shows; the flows decide it, `renderDemoPage` turns it into HTML. */
export type DemoPage =
  | {
      page: 'checkout';
      status: 200 | 400;
      language: Language;
      sessionId: string;
      plan: PaidPlan;
      values: AddressForm;
      /** Localized message per invalid field. */
      fields?: Record<string, string>;
    }
  | { page: 'portal'; status: 200 | 400; language: Language; sessionId: string; plan: PaidPlan }
  | {
      page: 'done';
      language: Language;
      message: 'doneConfirmed' | 'doneCancelled' | 'doneDowngraded';
      plan?: Tier;
    }
  /** Unknown id: 404; known but used or expired: 410. */
  | { page: 'expired'; status: 404 | 410; language: Language };

export interface AddressForm {
  line1: string;
  line2: string;
  city: string;
  postal_code: string;
  country: string;
}

export function sampleAddress(language: Language): AddressForm {
  return {
    line1: translate(language, 'demoPayments.sampleLine1'),
    line2: '',
    city: translate(language, 'demoPayments.sampleCity'),
    postal_code: '00000',
    country: language === 'fr' ? 'FR' : 'GB',
  };
}

class Html {
  constructor(readonly value: string) {}
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function fragment(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(fragment).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** Template tag: literal parts are markup, every `${value}` is escaped (nested `html` stays markup). */
function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += fragment(value) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

export function renderDemoPage(view: DemoPage): { status: number; html: string } {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
    translate(view.language, key, params);
  switch (view.page) {
    case 'checkout':
      return {
        status: view.status,
        html: layout(
          view.language,
          t('demoPayments.checkoutTitle', { plan: view.plan }),
          checkoutBody(view, t),
        ),
      };
    case 'portal':
      return {
        status: view.status,
        html: layout(view.language, t('demoPayments.portalTitle'), portalBody(view, t)),
      };
    case 'done':
      return {
        status: 200,
        html: layout(
          view.language,
          t('demoPayments.doneTitle'),
          html`<h1>${t('demoPayments.doneTitle')}</h1>
            <p role="status">${t(`demoPayments.${view.message}`, { plan: view.plan ?? '' })}</p>
            ${backLink(view.language, t)}`,
        ),
      };
    case 'expired':
      return {
        status: view.status,
        html: layout(
          view.language,
          t('demoPayments.expiredTitle'),
          html`<h1>${t('demoPayments.expiredTitle')}</h1>
            <p>${t('demoPayments.expired')}</p>
            ${backLink(view.language, t)}`,
        ),
      };
  }
}

type T = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => string;

function layout(language: Language, title: string, body: Html): string {
  return html`<!doctype html>
    <html lang="${language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${title} · Questkeeper</title>
        <link rel="stylesheet" href="${DEMO_BASE}/demo.css" />
      </head>
      <body>
        <main>
          <p class="brand">Questkeeper</p>
          <p class="badge" data-demo-badge>${translate(language, 'demoPayments.badge')}</p>
          ${body}
        </main>
      </body>
    </html> `.value;
}

function backLink(language: Language, t: T): Html {
  return html`<p class="actions">
    <a class="button secondary" href="/${language}/dashboard">${t('demoPayments.backToApp')}</a>
  </p>`;
}

const ADDRESS_FIELDS = [
  { name: 'line1', label: 'demoPayments.line1', autocomplete: 'address-line1', max: 200, required: true },
  { name: 'line2', label: 'demoPayments.line2', autocomplete: 'address-line2', max: 200, required: false },
  { name: 'city', label: 'demoPayments.city', autocomplete: 'address-level2', max: 100, required: true },
  {
    name: 'postal_code',
    label: 'demoPayments.postalCode',
    autocomplete: 'postal-code',
    max: 20,
    required: true,
  },
  { name: 'country', label: 'demoPayments.country', autocomplete: 'country', max: 2, required: true },
] as const;

function checkoutBody(view: Extract<DemoPage, { page: 'checkout' }>, t: T): Html {
  const price = TIER_LIMITS[view.plan].priceEuroPerMonth;
  const action = `${DEMO_BASE}/checkout/${view.sessionId}`;
  const fields = view.fields ?? {};
  const inputs = ADDRESS_FIELDS.map((field) => {
    const error = fields[field.name];
    const errorId = `${field.name}-error`;
    return html` <div class="field">
      <label for="${field.name}">${t(field.label)}</label>
      <input
        id="${field.name}"
        name="${field.name}"
        type="text"
        value="${view.values[field.name]}"
        autocomplete="${field.autocomplete}"
        maxlength="${field.max}"
        ${field.required ? html` required` : ''}${
          error ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''
        }
      />
      ${error ? html`<p class="field-error" id="${errorId}">${error}</p>` : ''}
    </div>`;
  });
  return html`<h1>${t('demoPayments.checkoutTitle', { plan: view.plan })}</h1>
    <p class="price">${t('demoPayments.pricePerMonth', { price })}</p>
    <p>${t('demoPayments.checkoutIntro', { plan: view.plan, price })}</p>
    ${view.fields ? html`<p class="alert" role="alert">${t('errors.VALIDATION_FAILED')}</p>` : ''}
    <form method="post" action="${action}/confirm">
      <fieldset>
        <legend>${t('demoPayments.address')}</legend>
        <p class="muted">${t('demoPayments.sampleNote')}</p>
        ${inputs}
      </fieldset>
      <div class="actions">
        <button type="submit" class="primary">${t('demoPayments.confirm')}</button>
        <button type="submit" class="secondary" formaction="${action}/cancel" formnovalidate>
          ${t('demoPayments.cancel')}
        </button>
      </div>
    </form>`;
}

function portalBody(view: Extract<DemoPage, { page: 'portal' }>, t: T): Html {
  const action = `${DEMO_BASE}/portal/${view.sessionId}`;
  const other = view.plan === 'Hero' ? 'Adventurer' : 'Hero';
  return html`<h1>${t('demoPayments.portalTitle')}</h1>
    <p class="price">${t('demoPayments.currentPlan', { plan: view.plan })}</p>
    <p>${t('demoPayments.portalIntro', { plan: view.plan })}</p>
    <div class="actions">
      <form method="post" action="${action}/switch">
        <input type="hidden" name="plan" value="${other}" />
        <button type="submit" class="primary">${t('demoPayments.switchTo', { plan: other })}</button>
      </form>
      <form method="post" action="${action}/cancel">
        <button type="submit" class="danger">${t('demoPayments.cancelSubscription')}</button>
      </form>
    </div>
    ${backLink(view.language, t)}`;
}
