// Imprint and terms (docs/decisions/011; docs/product.md#legal-pages, #limits, #screens:
// operator details come from the server's configuration), in English and in French.
import { expect, test, type Page } from '@playwright/test';

interface SiteInfo {
  operator: Record<'company' | 'address' | 'phone' | 'email' | 'registration' | 'host', string>;
  supportEmail: string;
  payments: 'demo' | 'stripe';
}

const TEXT = {
  en: {
    footerImprint: 'Imprint & privacy',
    footerTerms: 'Terms of service',
    imprintTitle: 'Imprint and privacy policy',
    termsTitle: 'Terms of service',
    toc: 'On this page',
    imprintHeadings: ['Publisher', 'Hosting', 'Privacy policy'],
    privacyHeadings: [
      'Data we collect',
      'Why we use it',
      'Legal basis',
      'Who we share it with',
      'How long we keep it',
      'Your rights',
      'Security',
      'Cookies and local storage',
      'Changes to this policy',
      'Contact us',
    ],
    termsHeadings: [
      'General',
      'Minimum age',
      'Using the service',
      'Restrictions',
      'Plans and billing',
      'Privacy',
      'Communication',
      'Intellectual property',
      'Termination',
      'Miscellaneous',
      'Questions',
    ],
    labels: {
      company: 'Company',
      address: 'Address',
      phone: 'Phone',
      email: 'Email',
      registration: 'Company registration number',
      host: 'Host',
    },
    prices: 'The Adventurer plan costs 10 € per month and the Hero plan 20 € per month',
    age: 'at least 18 years old',
    privacyLink: 'Read the privacy policy',
    error: 'An error occurred. Please try again.',
    retry: 'Try again',
    unavailable: 'Not available',
  },
  fr: {
    footerImprint: 'Mentions légales et confidentialité',
    footerTerms: "Conditions d'utilisation",
    imprintTitle: 'Mentions légales et politique de confidentialité',
    termsTitle: "Conditions générales d'utilisation",
    toc: 'Sur cette page',
    imprintHeadings: ['Éditeur', 'Hébergement', 'Politique de confidentialité'],
    privacyHeadings: [
      'Données collectées',
      'Finalités',
      'Bases légales',
      'Partage des données',
      'Durée de conservation',
      'Vos droits',
      'Sécurité',
      'Cookies et stockage local',
      'Modifications de cette politique',
      'Nous contacter',
    ],
    termsHeadings: [
      'Dispositions générales',
      'Âge minimum',
      'Utilisation du service',
      'Utilisations interdites',
      'Formules et facturation',
      'Données personnelles',
      'Communication et assistance',
      'Propriété intellectuelle',
      'Résiliation',
      'Dispositions diverses',
      'Vos questions',
    ],
    labels: {
      company: 'Société',
      address: 'Adresse',
      phone: 'Téléphone',
      email: 'E-mail',
      registration: "Numéro d'immatriculation",
      host: 'Hébergeur',
    },
    prices: 'La formule Adventurer coûte 10 € par mois et la formule Hero 20 € par mois',
    age: "être âgé d'au moins 18 ans",
    privacyLink: 'Lire la politique de confidentialité',
    error: 'Une erreur est survenue. Veuillez réessayer.',
    retry: 'Réessayer',
    unavailable: 'Non disponible',
  },
} as const;

/** The value shown beside a label of the details list (<dt>label</dt><dd>value</dd>). */
function detail(page: Page, label: string) {
  return page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

function toc(page: Page, name: string) {
  return page.getByRole('navigation', { name });
}

for (const lang of ['en', 'fr'] as const) {
  const s = TEXT[lang];

  test.describe(`legal pages (${lang})`, () => {
    test('the footer links reach the imprint and the terms', async ({ page }) => {
      await page.goto(`/${lang}`);
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: s.footerImprint }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/imprint$`));
      await expect(page.getByRole('heading', { level: 1, name: s.imprintTitle })).toBeVisible();
      await expect(page).toHaveTitle(`${s.imprintTitle} · Questkeeper`);

      await footer.getByRole('link', { name: s.footerTerms }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/terms-of-service$`));
      await expect(page.getByRole('heading', { level: 1, name: s.termsTitle })).toBeVisible();
      await expect(page).toHaveTitle(`${s.termsTitle} · Questkeeper`);
    });

    test('the imprint shows the operator details configured on the server', async ({ page, request }) => {
      const site = (await (await request.get('/api/site')).json()) as SiteInfo;
      // The default configuration is clearly marked as sample data (docs/product.md#screens).
      expect(site.operator.company).toContain('(sample value)');

      await page.goto(`/${lang}/imprint`);
      for (const field of ['company', 'address', 'phone', 'email', 'registration', 'host'] as const) {
        await expect(detail(page, s.labels[field])).toHaveText(site.operator[field]);
      }
      const address = site.operator.email.split(' ')[0];
      await expect(detail(page, s.labels.email).getByRole('link', { name: address })).toHaveAttribute(
        'href',
        `mailto:${address}`,
      );
      // The privacy policy's contact section gives the operator's address too.
      await expect(page.getByRole('link', { name: address })).toHaveCount(2);
    });

    test('the terms show the plan prices, the minimum age and the support address', async ({
      page,
      request,
    }) => {
      const site = (await (await request.get('/api/site')).json()) as SiteInfo;
      await page.goto(`/${lang}/terms-of-service`);
      await expect(page.getByText(s.prices)).toBeVisible();
      await expect(page.getByText(s.age)).toBeVisible();
      const support = page.getByRole('link', { name: site.supportEmail }).first();
      await expect(support).toHaveAttribute('href', `mailto:${site.supportEmail}`);
    });

    test('every section heading is present, in order', async ({ page }) => {
      await page.goto(`/${lang}/imprint`);
      await expect(page.getByRole('heading', { level: 1, name: s.imprintTitle })).toBeVisible();
      const article = page.getByRole('article');
      await expect(article.getByRole('heading', { level: 2 })).toHaveCount(s.imprintHeadings.length);
      for (const [index, name] of s.imprintHeadings.entries()) {
        await expect(article.getByRole('heading', { level: 2 }).nth(index)).toHaveAccessibleName(name);
      }
      await expect(article.getByRole('heading', { level: 3 })).toHaveCount(s.privacyHeadings.length);
      for (const [index, name] of s.privacyHeadings.entries()) {
        await expect(article.getByRole('heading', { level: 3 }).nth(index)).toHaveAccessibleName(name);
      }

      await page.goto(`/${lang}/terms-of-service`);
      await expect(page.getByRole('heading', { level: 1, name: s.termsTitle })).toBeVisible();
      await expect(article.getByRole('heading', { level: 2 })).toHaveCount(s.termsHeadings.length);
      for (const [index, name] of s.termsHeadings.entries()) {
        await expect(article.getByRole('heading', { level: 2 }).nth(index)).toHaveAccessibleName(name);
      }
      // The table of contents lists the same sections.
      await expect(toc(page, s.toc).getByRole('link')).toHaveText([...s.termsHeadings]);
    });

    test('the table of contents moves to the section and focuses its heading', async ({ page }) => {
      await page.goto(`/${lang}/terms-of-service`);
      const billing = page.getByRole('heading', { level: 2, name: s.termsHeadings[4] });
      await expect(billing).not.toBeInViewport();
      await toc(page, s.toc).getByRole('link', { name: s.termsHeadings[4] }).click();
      await expect(billing).toBeInViewport();
      await expect(billing).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`/${lang}/terms-of-service#billing$`));

      await page.goto(`/${lang}/imprint`);
      const contact = page.getByRole('heading', { level: 3, name: s.privacyHeadings[9] });
      await expect(contact).not.toBeInViewport();
      await toc(page, s.toc).getByRole('link', { name: s.privacyHeadings[9] }).click();
      await expect(contact).toBeInViewport();
      await expect(contact).toBeFocused();
    });

    test('a link to a section opens the page at that section', async ({ page }) => {
      await page.goto(`/${lang}/terms-of-service`);
      await page.getByRole('link', { name: s.privacyLink }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/imprint#privacy$`));
      await expect(page.getByRole('heading', { level: 2, name: s.imprintHeadings[2] })).toBeInViewport();

      await page.goto(`/${lang}/imprint#cookies`);
      await expect(page.getByRole('heading', { level: 3, name: s.privacyHeadings[7] })).toBeInViewport();
    });

    test('says so when the operator details cannot be loaded, and can try again', async ({ page }) => {
      await page.route('**/api/site', (route) => route.abort());
      await page.goto(`/${lang}/imprint`);
      await expect(page.getByRole('alert')).toContainText(s.error);
      await expect(detail(page, s.labels.company)).toHaveText(s.unavailable);

      await page.unroute('**/api/site');
      await page.getByRole('button', { name: s.retry }).click();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(detail(page, s.labels.company)).toContainText('(sample value)');
    });
  });
}
