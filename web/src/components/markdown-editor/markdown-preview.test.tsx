import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { MarkdownPreview, finishRendering } from './markdown-preview';
import { renderMarkdown } from './markdown';

/** A long text: `count` chapters of about 3,700 characters, each its own section. */
const chapters = (count: number, edit?: number) =>
  Array.from(
    { length: count },
    (_, i) => `## Chapter ${i + 1}\n\n${i === edit ? 'Edited. ' : ''}${'Some rules apply. '.repeat(200)}\n\n`,
  ).join('');

/** The HTML without the heading anchors every preview adds (their prefix is the preview's own). */
const withoutAnchors = (html: string) => html.replace(/ id="h-[^"]*" data-heading="[^"]*"/g, '');

const sectionsOf = (container: HTMLElement) => [...container.querySelectorAll('.qk-markdown-section')];
const renderedCount = (container: HTMLElement) =>
  sectionsOf(container).filter((section) => section.childElementCount > 0).length;

/** One frame, then the task after it: the next chunk. */
async function nextChunk() {
  await act(async () => {
    vi.advanceTimersToNextFrame();
    await vi.advanceTimersByTimeAsync(1);
  });
}

describe('MarkdownPreview', () => {
  beforeEach(() =>
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    }),
  );
  afterEach(() => vi.useRealTimers());

  it('renders a short text at once, like markdown-it', () => {
    const source = '# Title\n\nSome *text*.\n\n| a |\n|--:|\n| 1 |';
    const { container } = render(<MarkdownPreview source={source} />);
    const root = container.firstElementChild!;
    expect(root.getAttribute('aria-busy')).toBeNull();
    expect(sectionsOf(container)).toHaveLength(1);
    expect(withoutAnchors(sectionsOf(container)[0]!.innerHTML)).toBe(renderMarkdown(source));
    expect(container.querySelector('h1')!.id).toMatch(/^h-\w+-title$/);
  });

  it('renders a long text first screen first, then the rest in later tasks', async () => {
    const source = chapters(40);
    const { container } = render(<MarkdownPreview source={source} />);
    const root = container.firstElementChild!;
    expect(sectionsOf(container)).toHaveLength(40);
    const first = renderedCount(container);
    expect(first).toBeGreaterThanOrEqual(1);
    expect(first).toBeLessThan(5);
    expect(root.getAttribute('aria-busy')).toBe('true');
    // Sections not rendered yet hold about their height.
    expect((sectionsOf(container)[39] as HTMLElement).style.height).toMatch(/px$/);

    await nextChunk();
    expect(renderedCount(container)).toBeGreaterThan(first);
    for (let i = 0; i < 20 && root.getAttribute('aria-busy'); i++) await nextChunk();
    expect(renderedCount(container)).toBe(40);
    expect(root.getAttribute('aria-busy')).toBeNull();
    expect(
      withoutAnchors(
        sectionsOf(container)
          .map((section) => section.innerHTML)
          .join(''),
      ),
    ).toBe(renderMarkdown(source));
  });

  it('leaves the sections an edit did not change in place', async () => {
    const { container, rerender } = render(<MarkdownPreview source={chapters(12)} />);
    for (let i = 0; i < 20 && renderedCount(container) < 12; i++) await nextChunk();
    const before = sectionsOf(container);

    rerender(<MarkdownPreview source={chapters(12, 7)} />);
    const after = sectionsOf(container);
    expect(renderedCount(container)).toBe(12);
    expect(after.map((section, i) => section === before[i])).toEqual(
      Array.from({ length: 12 }, (_, i) => i !== 7),
    );
    expect(after[7]!.textContent).toContain('Edited.');
  });

  it('finishes rendering at once when asked (the rules search scrolling to a match)', () => {
    const source = chapters(30);
    const { container } = render(<MarkdownPreview source={source} />);
    expect(renderedCount(container)).toBeLessThan(30);
    act(() => finishRendering(container));
    expect(renderedCount(container)).toBe(30);
    expect(container.textContent).toContain('Chapter 30');
  });

  it('starts again cleanly on a new text', async () => {
    const { container, rerender } = render(<MarkdownPreview source={chapters(30)} />);
    rerender(<MarkdownPreview source={`# Other\n\n${chapters(20)}`} />);
    for (let i = 0; i < 20 && container.querySelector('[aria-busy]'); i++) await nextChunk();
    expect(
      withoutAnchors(
        sectionsOf(container)
          .map((section) => section.innerHTML)
          .join(''),
      ),
    ).toBe(renderMarkdown(`# Other\n\n${chapters(20)}`));
  });
});
