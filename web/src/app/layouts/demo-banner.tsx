// Decision 045: a server running demo mail and payments on a network on purpose (DEMO_MODE=true)
// says so on every page, above everything else. The server decides (/api/site `demoBanner`); the
// banner appears once it has answered (the prerendered pages' island script does the same with the
// build's rendering of DemoBannerSection, decision 069).
// Plain text, no link or button: the skip link stays the first tab stop.
import { useEffect, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import type { siteInfo } from '@questkeeper/core/schemas/site';
import { apiRequest } from '@/lib/api-client';

/** The banner's height in px on <html>, 0 without it: `h-[calc(100dvh-var(--qk-demo-banner,0px))]`. */
export const HEIGHT_VARIABLE = '--qk-demo-banner';

let asked: Promise<boolean> | undefined;
/** The answer once known: pages rendered after it show the banner from their first paint. */
let known: boolean | undefined;

/**
 * Whether the server wants the banner, asked once per page load (it changes only with a restart);
 * without TanStack Query, which the landing page does not download. A failed answer is asked again
 * by the next page.
 */
export function loadDemoBanner(): Promise<boolean> {
  asked ??= apiRequest<{ response: typeof siteInfo }>('GET', '/api/site').then(
    (info) => (known = info.demoBanner),
    () => {
      asked = undefined;
      return false;
    },
  );
  return asked;
}

/** Tests only: forgets the answer, as a new page load would. */
export function forgetDemoBanner(): void {
  asked = undefined;
  known = undefined;
}

export function DemoBanner() {
  // Unknown on the first render of a page load, as the prerendered markup has it (decision 038).
  const [shown, setShown] = useState(known ?? false);
  useEffect(() => {
    let live = true;
    void loadDemoBanner().then((due) => {
      if (live) setShown(due);
    });
    return () => {
      live = false;
    };
  }, []);
  // Its height, for the full-screen dashboard (h-dvh less the banner) to fit under it without
  // pushing its own bottom below the window.
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement.style;
    const measure = () => root.setProperty(HEIGHT_VARIABLE, `${element.offsetHeight}px`);
    // At once (the first frame already fits), then on every change of size.
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(HEIGHT_VARIABLE);
    };
  }, [shown]);
  if (!shown) return null;
  return <DemoBannerSection ref={ref} />;
}

/** The banner itself; also rendered at build time into the public pages' `<template>`, which
 *  their island script shows when the server asks for it (decision 069). */
export function DemoBannerSection({ ref }: { ref?: Ref<HTMLElement> }) {
  const { t } = useTranslation();
  return (
    <section
      ref={ref}
      aria-label={t('demoMode.label')}
      className="border-b border-danger/40 bg-danger-soft text-ink"
    >
      <p className="mx-auto flex max-w-6xl items-start gap-2 px-4 py-2 text-sm leading-snug sm:px-6">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
        <span>
          <strong className="font-semibold">{t('demoMode.title')}</strong> {t('demoMode.text')}
        </span>
      </p>
    </section>
  );
}
