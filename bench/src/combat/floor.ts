// The floor of the combat benchmark: the least a page must do for the same two changes, measured in
// the same browser and run as the app. A page at the app's origin (served by Playwright through
// context.route), with the app's stylesheets and no script but its own few lines, no React:
// - Start combat: a click builds the initiative order — <li> with the app's classes, each with its
//   position, mark, name and initiative — into a new list, in one go: all `count` of them, or (the
//   windowed floor) only as many as the app put in the DOM, the rest left to a padding.
// - Attack: a click takes one HP off the target and writes it into its two meters (a row and the
//   Target region): two text nodes, two bar widths and their ARIA values.
// It carries the labels and attributes the probes look for (page-scripts.ts), so the app and the floor
// are measured by the very same code.
import type { BrowserContext, Page } from 'playwright-core';
import { openServedPage } from '../shared/page';
import type { CombatLabels } from './page-scripts';
import { TARGET_HP } from './setup';

export interface OrderClasses {
  list: string;
  row: string;
  parts: string[];
}

const FLOOR_TARGET_ID = 'floor-target';

/** The floor page's script: `names` are the fighters, in the app's order of creation. */
function floorScript(labels: CombatLabels, names: string[], classes: OrderClasses): string {
  return `(() => {
    const names = ${JSON.stringify(names)};
    const classes = ${JSON.stringify(classes)};
    const labels = ${JSON.stringify(labels)};
    const part = (index, tag = 'span') => {
      const element = document.createElement(tag);
      const name = classes.parts[index];
      if (name) element.className = name;
      return element;
    };
    document.getElementById('floor-start').addEventListener('click', () => {
      // Rolled like the app's d20 rule, then sorted, so the work before the DOM is not nothing either.
      const order = names.map((name, index) => ({ name, index, initiative: 1 + Math.floor(Math.random() * 20) }));
      order.sort((a, b) => b.initiative - a.initiative || (a.name < b.name ? -1 : 1));
      const section = document.createElement('section');
      section.className = 'flex min-w-0 flex-col gap-3 self-start rounded-card border border-line bg-surface p-4 shadow-card';
      const heading = document.createElement('h3');
      heading.id = 'floor-order-heading';
      heading.className = 'font-display text-lg font-semibold';
      heading.textContent = labels.order;
      const list = document.createElement('ol');
      list.setAttribute('aria-labelledby', heading.id);
      list.className = classes.list;
      const shown = Math.min(window.__qkFloorRows ?? order.length, order.length);
      order.slice(0, shown).forEach((entry, position) => {
        const row = document.createElement('li');
        row.className = classes.row;
        row.setAttribute('aria-posinset', String(position + 1));
        row.setAttribute('aria-setsize', String(order.length));
        if (position === 0) row.setAttribute('aria-current', 'step');
        const number = part(0);
        number.setAttribute('aria-hidden', 'true');
        number.textContent = position + 1 + '.';
        const mark = part(1);
        mark.setAttribute('aria-hidden', 'true');
        const name = part(2);
        name.textContent = entry.name;
        const hidden = document.createElement('span');
        hidden.className = 'sr-only';
        hidden.textContent = entry.index < names.length / 2 ? ' (ally)' : ' (enemy)';
        name.append(hidden);
        const initiative = part(3);
        initiative.textContent = String(entry.initiative);
        row.append(number, mark, name, initiative);
        list.append(row);
      });
      if (shown < order.length) {
        // The rows not rendered keep their room (the app's pitch, h-8 + gap-1) in a spacer, not a
        // padding: the list's max-height includes its padding (border-box), not its children.
        const spacer = document.createElement('li');
        spacer.setAttribute('aria-hidden', 'true');
        spacer.style.flex = 'none';
        spacer.style.height = (order.length - shown) * 2.25 + 'rem';
        list.append(spacer);
      }
      section.append(heading, list);
      document.getElementById('floor-fight').replaceChildren(section);
    });
    let hp = ${TARGET_HP};
    document.getElementById('floor-attack').addEventListener('click', () => {
      hp -= 1;
      for (const meter of document.querySelectorAll('[role="meter"]')) {
        meter.setAttribute('aria-label', 'HP ' + hp + ' / ${TARGET_HP}');
        meter.setAttribute('aria-valuenow', String(hp));
        meter.setAttribute('aria-valuetext', hp + ' / ${TARGET_HP}');
        meter.firstElementChild.style.width = (hp / ${TARGET_HP}) * 100 + '%';
        meter.nextElementSibling.textContent = hp + ' / ${TARGET_HP}';
      }
    });
    window.__qkFloorReset = (rows) => {
      window.__qkFloorRows = rows;
      document.getElementById('floor-fight').replaceChildren();
    };
    return null;
  })()`;
}

/** An HP meter built like the app's (web/src/components/hp-bar.tsx). */
const meter = `<div class="flex items-center gap-2">
  <span aria-hidden="true" class="w-7 shrink-0 text-xs font-semibold tracking-wide text-ink-muted uppercase">HP</span>
  <div role="meter" aria-label="HP ${TARGET_HP} / ${TARGET_HP}" aria-valuemin="0" aria-valuemax="${TARGET_HP}" aria-valuenow="${TARGET_HP}" aria-valuetext="${TARGET_HP} / ${TARGET_HP}" class="h-2.5 min-w-0 flex-1 overflow-hidden rounded-full border border-line bg-surface-muted">
    <div class="h-full rounded-full bg-green-700" style="width:100%"></div>
  </div>
  <span aria-hidden="true" class="shrink-0 text-sm font-medium text-ink tabular-nums">${TARGET_HP} / ${TARGET_HP}</span>
</div>`;

export async function openFloor(
  context: BrowserContext,
  origin: string,
  options: { stylesheets: string; labels: CombatLabels; names: string[]; classes: OrderClasses },
): Promise<Page> {
  const { labels } = options;
  const url = `${origin}/bench-floor-combat`;
  const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>floor</title>${options.stylesheets}</head>
<body class="bg-canvas text-ink">
<main class="mx-auto flex w-full max-w-7xl flex-col gap-5 p-4">
  <button id="floor-start" type="button" class="rounded-control bg-brand px-4 py-2 text-on-brand">${text(labels.start)}</button>
  <div class="grid gap-4 lg:grid-cols-[minmax(14rem,18rem)_minmax(0,1fr)]">
    <div id="floor-fight"></div>
    <ul class="flex flex-col gap-2">
      <li class="relative flex flex-col gap-1.5 rounded-control border px-3 py-2">
        <button type="button" data-unit-id="${FLOOR_TARGET_ID}" aria-pressed="true" class="text-left font-semibold">The target</button>
        ${meter}
      </li>
    </ul>
  </div>
  <section aria-label="${text(labels.target)}" class="sticky bottom-0 flex flex-col gap-3 rounded-card border border-line bg-surface p-3">
    ${meter}
    <button id="floor-attack" type="button" class="rounded-control bg-danger px-4 py-2 text-white">${text(labels.attack)}</button>
  </section>
</main>
</body></html>`;
  const page = await openServedPage(context, url, html);
  await page.evaluate(floorScript(labels, options.names, options.classes));
  return page;
}

/** Removes the floor's list; the next Start renders `rows` rows (all when undefined). */
export const floorReset = (rows?: number) => `window.__qkFloorReset(${rows ?? 'undefined'})`;
export { FLOOR_TARGET_ID };
