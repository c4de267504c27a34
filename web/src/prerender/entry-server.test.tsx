// The build-time prerender (decision 038): every prerendered page renders complete — its heading in
// its language, no loading fallback, no inline script — and lands in the page template.
import { describe, expect, it } from 'vitest';
import en from '@questkeeper/core/locales/en.json';
import fr from '@questkeeper/core/locales/fr.json';
import { LANGUAGES, NOT_FOUND_PATH, PRERENDERED_PAGES, render, routes } from './entry-server';
import { fillTemplate, preloadsOf, splitHead } from './template';

const texts = { en, fr };
const headings = (language: 'en' | 'fr') => ({
  landing: texts[language].landing.heading,
  login: texts[language].login.headingSignIn,
  resetPassword: texts[language].reset.missingTitle,
  pricing: texts[language].pricing.heading,
  imprint: texts[language].imprint.title,
  termsOfService: texts[language].terms.title,
});

function parse(markup: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = splitHead(markup).body;
  return root;
}

describe('prerendering the public pages', () => {
  it.each(LANGUAGES.flatMap((language) => PRERENDERED_PAGES.map((id) => [language, id] as const)))(
    'renders %s %s complete',
    async (language, id) => {
      const markup = await render(`/${language}${routes[id].path}`, language);
      const root = parse(markup);
      expect(root.querySelector('h1')?.textContent).toBe(headings(language)[id]);
      expect(root.querySelector('[role="status"]')).toBeNull(); // PageLoading, the Suspense fallback
      expect(markup).not.toContain('<script');
      expect(markup).not.toContain('<!--$?-->');
      expect(splitHead(markup).head.some((element) => element.startsWith('<title>'))).toBe(true);
    },
  );

  it('renders the login form inert until hydrated: fields read-only, buttons marked disabled', async () => {
    const root = parse(await render('/en/login', 'en'));
    const inputs = [...root.querySelectorAll('input')];
    expect(inputs.map((input) => input.type)).toEqual(['email', 'password']);
    expect(inputs.every((input) => input.readOnly)).toBe(true);
    const buttons = [...root.querySelectorAll('button')];
    expect(buttons.length).toBeGreaterThan(3); // menu, show password, forgot, submit, register
    expect(buttons.filter((button) => button.getAttribute('aria-disabled') !== 'true')).toEqual([]);
  });

  it.each(LANGUAGES)('renders the Not Found page in %s, marked noindex', async (language) => {
    const markup = await render(`/${language}${NOT_FOUND_PATH}`, language);
    expect(parse(markup).querySelector('h1')?.textContent).toBe(texts[language].notFound.title);
    expect(splitHead(markup).head).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe('preloading what a page loads after the entry', () => {
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_jsx.js'] },
    '_jsx.js': { file: 'assets/jsx-1.js' },
    '_icon.js': { file: 'assets/icon-1.js', imports: ['_jsx.js'] },
    'src/page.tsx': { file: 'assets/page-1.js', imports: ['_icon.js', 'index.html', '_jsx.js'] },
    'virtual:locale/fr-main': { file: 'assets/fr-main-1.js' },
  };

  it('lists the modules and their imports that the entry does not load', () => {
    expect(preloadsOf(manifest, ['src/page.tsx', 'virtual:locale/fr-main'])).toEqual([
      'assets/page-1.js',
      'assets/icon-1.js',
      'assets/fr-main-1.js',
    ]);
  });

  it('fails the build on a module the manifest does not have', () => {
    expect(() => preloadsOf(manifest, ['src/renamed.tsx'])).toThrow(/src\/renamed.tsx/);
  });
});

describe('filling the page template', () => {
  const template =
    '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Questkeeper</title>\n' +
    '    <script type="module" crossorigin src="/assets/index-1.js" nonce="QK_CSP_NONCE"></script>\n' +
    '    <link rel="modulepreload" crossorigin href="/assets/jsx-1.js" nonce="QK_CSP_NONCE">\n' +
    '    <link rel="stylesheet" crossorigin href="/assets/index-1.css" nonce="QK_CSP_NONCE">\n' +
    '  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

  it('puts the markup in the root, the head elements in the head, and the island script for the entry', () => {
    const html = fillTemplate(template, {
      markup: '<title>Connexion · Questkeeper</title><meta name="robots" content="noindex"/><main>$&</main>',
      language: 'fr',
      marker: '/fr/login',
      preloads: ['assets/login-1.js'],
      script: '/assets/island-1.js',
      island: { banner: '<p>demo</p>', page: 'login' },
    });
    expect(html).toBe(
      '<!doctype html>\n<html lang="fr">\n  <head>\n    <title>Connexion · Questkeeper</title>\n' +
        '    <link rel="stylesheet" crossorigin href="/assets/index-1.css" nonce="QK_CSP_NONCE">\n' +
        '  <meta name="robots" content="noindex"/>' +
        '<script type="application/json" id="qk-boot">' +
        '{"entry":"/assets/index-1.js","preload":["/assets/jsx-1.js","/assets/login-1.js"],"page":"login"}</script>' +
        '<script type="module" src="/assets/island-1.js" nonce="QK_CSP_NONCE"></script></head>\n' +
        '  <body>\n' +
        '    <div id="root" data-prerendered="/fr/login"><main>$&</main></div>' +
        '<template id="qk-demo-banner"><p>demo</p></template>\n  </body>\n</html>\n',
    );
  });

  it('makes an island page: the stylesheet inline, no font preload, the banner in a template', () => {
    const html = fillTemplate(
      template.replace(
        '  </head>',
        '    <link rel="preload" href="/assets/inter-1.woff2" as="font" type="font/woff2" crossorigin="" nonce="QK_CSP_NONCE">\n  </head>',
      ),
      {
        markup: '<main>terms</main>',
        language: 'en',
        marker: '/en/terms-of-service',
        script: '/assets/island-1.js',
        island: { banner: '<section>demo</section>', appWhen: 'demoPayments' },
        css: 'body{color:red}',
      },
    );
    expect(html).toContain('<style nonce="QK_CSP_NONCE">body{color:red}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).not.toContain('as="font"');
    expect(html).toContain('"appWhen":"demoPayments"');
    expect(html).toContain('<script type="module" src="/assets/island-1.js" nonce="QK_CSP_NONCE"></script>');
    expect(html).toContain(
      '<div id="root" data-prerendered="/en/terms-of-service"><main>terms</main></div>' +
        '<template id="qk-demo-banner"><section>demo</section></template>',
    );
    expect(() =>
      fillTemplate(template, {
        markup: '',
        language: 'en',
        marker: '/en',
        script: '/b.js',
        island: { banner: '' },
        css: '</style>',
      }),
    ).toThrow(/style/);
  });

  it('refuses a template without an entry or a root to fill', () => {
    const page = {
      markup: '<p></p>',
      language: 'en',
      marker: '/en',
      script: '/b.js',
      island: { banner: '' },
    };
    expect(() => fillTemplate('<html lang="en"><title>x</title>', page)).toThrow(/entry/);
    expect(() => fillTemplate(template.replace('<div id="root"></div>', ''), page)).toThrow(/root/);
  });
});
