import type { ReactNode } from 'react';

/** One section of a legal text; its heading is the target of the table of contents. */
export function LegalSection({
  id,
  title,
  number,
  level = 2,
  children,
}: {
  id: string;
  title: string;
  /** Shown before the title, for numbered clauses. */
  number?: number;
  level?: 2 | 3;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={level === 2 ? 'mt-12 first:mt-0' : 'mt-10'}>
      <Heading
        id={id}
        tabIndex={-1}
        className={`scroll-mt-24 font-semibold text-ink ${level === 2 ? 'text-2xl' : 'text-xl'}`}
      >
        {number === undefined ? null : (
          <span aria-hidden="true" className="mr-2 text-gold">
            {number}.
          </span>
        )}
        {title}
      </Heading>
      <div className="mt-4 space-y-4 leading-relaxed text-ink">{children}</div>
    </section>
  );
}
