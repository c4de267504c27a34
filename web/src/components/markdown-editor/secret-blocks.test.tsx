// Secret blocks as the GM sees them (docs/decisions/064): framed and marked "Secret"; "Preview as player"
// renders what players get, with the secret lines not in the page at all; the toggle works from the
// keyboard. e2e/tests/secret-blocks.spec.ts follows them in a browser.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextBox } from '@/test/editor';
import { MarkdownEditor } from './markdown-editor';
import { MarkdownPreview } from './markdown-preview';
import { PlayerPreviewProvider } from './player-preview';

const SOURCE = [
  '# The inn',
  '',
  'The innkeeper smiles.',
  '',
  ':::secret',
  'The innkeeper **poisoned** the stew.',
  '',
  '## Hidden cellar',
  '',
  'A trapdoor under the bar.',
  ':::',
  '',
  '- A list item',
  '  > :::secret',
  '  > She knows the password.',
  '  > :::',
].join('\n');

const SECRETS = ['poisoned', 'Hidden cellar', 'trapdoor', 'password'];

describe('secret blocks in rendered markdown', () => {
  it('frames each secret block for the GM, marked "Secret", the rest outside', () => {
    const { container } = render(<MarkdownPreview source={SOURCE} anchors />);
    const frames = screen.getAllByRole('group', { name: 'Secret' });
    expect(frames).toHaveLength(2);
    expect(frames[0]!.textContent).toContain('Secret');
    expect(frames[0]!.textContent).toContain('The innkeeper poisoned the stew.');
    expect(within(frames[0]!).getByRole('heading', { name: 'Hidden cellar' }).id).toBe('h-hidden-cellar');
    expect(frames[1]!.textContent).toContain('She knows the password.');
    for (const frame of frames) expect(frame.textContent).not.toContain('innkeeper smiles');
    // The marker lines are not shown.
    expect(container.textContent).not.toContain(':::');
  });

  it('renders what players get in "Preview as player": no secret text in the page', async () => {
    const { container } = render(<MarkdownPreview source={SOURCE} />);
    const toggle = screen.getByRole('button', { name: 'Preview as player' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryAllByRole('group', { name: 'Secret' })).toHaveLength(0);
    for (const word of SECRETS) expect(container.innerHTML).not.toContain(word);
    expect(container.textContent).toContain('The innkeeper smiles.');
    expect(container.textContent).toContain('A list item');
    expect(container.textContent).toContain('Players see this text without its secret blocks.');
    await userEvent.click(toggle);
    expect(container.textContent).toContain('A trapdoor under the bar.');
  });

  it('toggles from the keyboard', async () => {
    const { container } = render(<MarkdownPreview source={SOURCE} />);
    await userEvent.tab();
    const toggle = screen.getByRole('button', { name: 'Preview as player' });
    expect(document.activeElement).toBe(toggle);
    await userEvent.keyboard('{Enter}');
    expect(container.innerHTML).not.toContain('trapdoor');
    await userEvent.keyboard(' ');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(container.innerHTML).toContain('trapdoor');
  });

  it('shares the preview between the views of one page', async () => {
    const { container } = render(
      <PlayerPreviewProvider>
        <MarkdownPreview source={SOURCE} />
        <MarkdownPreview source={'Notes\n:::secret\nThe key is in the well.\n:::'} />
      </PlayerPreviewProvider>,
    );
    const [first, second] = screen.getAllByRole('button', { name: 'Preview as player' });
    await userEvent.click(first!);
    expect(second!.getAttribute('aria-pressed')).toBe('true');
    expect(container.innerHTML).not.toContain('well');
  });

  it('shows no toggle over a text without secret blocks', () => {
    render(<MarkdownPreview source={'Just notes.\n\n:::note\nA note\n:::'} />);
    expect(screen.queryByRole('button', { name: 'Preview as player' })).toBeNull();
  });

  it('offers no reveal button on a heading inside a secret block', () => {
    render(<MarkdownPreview source={SOURCE} anchors revealLabel={(heading) => `Reveal ${heading}`} />);
    expect(screen.getByRole('button', { name: 'Reveal The inn' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Hidden cellar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reveal Hidden cellar' })).toBeNull();
  });

  it('offers no toggle where nothing can be pressed (a tooltip), the block still framed', () => {
    render(<MarkdownPreview source={SOURCE} playerPreview={false} />);
    expect(screen.queryByRole('button', { name: 'Preview as player' })).toBeNull();
    expect(screen.getAllByRole('group', { name: 'Secret' })).toHaveLength(2);
  });

  it('frames an empty block and a block left open to the end', () => {
    render(
      <MarkdownPreview source={'Intro\n:::secret\n:::\nMiddle\n:::secret\nTo the end\n\n# Still hidden'} />,
    );
    const frames = screen.getAllByRole('group', { name: 'Secret' });
    expect(frames).toHaveLength(2);
    expect(frames[1]!.textContent).toContain('Still hidden');
  });
});

describe('the editor and secret blocks', () => {
  // The writer (with CodeMirror) is a lazy chunk: load it once before the tests' own time limits start.
  beforeAll(() => import('./markdown-writer'), 30_000);

  it('wraps the selection in a block with the toolbar, marks its opener line and frames it in the preview', async () => {
    render(
      <MarkdownEditor
        value={'Intro\nThe key is in the well.'}
        onChange={vi.fn()}
        maxLength={1000}
        label="Notes"
      />,
    );
    const textarea = new TextBox(await screen.findByRole('textbox', { name: 'Notes' }));
    textarea.select('The key');
    await userEvent.click(screen.getByRole('button', { name: 'Secret block' }));
    expect(textarea.value).toBe('Intro\n:::secret\nThe key is in the well.\n:::');
    expect(textarea.element.querySelector('.qk-cm-secret-opener')?.textContent).toBe(':::secret');
    const pane = screen.getByRole('region', { name: 'Preview' });
    await waitFor(() =>
      expect(within(pane).getByRole('group', { name: 'Secret' }).textContent).toContain('well'),
    );
    expect(within(pane).getByRole('button', { name: 'Preview as player' })).toBeTruthy();
  });
});
