// The palette's keyboard (docs/product.md#campaign-search), as the ARIA combobox pattern has it: arrows
// move the active result (wrapping round), Enter opens it, Shift+Enter adds a unit to the fight in
// setup; Ctrl+K (⌘K on Apple keyboards) opens the palette from anywhere in the dashboard.

/** The result after `index` moved by `delta` among `count`, wrapping round; -1 when there are none. */
export function moveActive(index: number, count: number, delta: 1 | -1): number {
  if (count === 0) return -1;
  if (index < 0 || index >= count) return delta === 1 ? 0 : count - 1;
  return (index + delta + count) % count;
}

/** What a key pressed in the palette's field asks for, or null for a key the field keeps. */
export function paletteKey(event: {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  isComposing?: boolean;
}): 'next' | 'previous' | 'open' | 'add' | null {
  if (event.isComposing) return null;
  const modifiers = event.altKey || event.ctrlKey || event.metaKey;
  if (event.key === 'ArrowDown' && !modifiers) return 'next';
  if (event.key === 'ArrowUp' && !modifiers) return 'previous';
  if (event.key === 'Enter' && !modifiers) return event.shiftKey ? 'add' : 'open';
  return null;
}

/** Ctrl+K or ⌘K, with no other modifier. */
export function isPaletteShortcut(event: {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}): boolean {
  return (
    (event.key === 'k' || event.key === 'K') &&
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey
  );
}

/** Whether the keyboard's command key is ⌘ (Apple) rather than Ctrl, for the hints. */
export function usesCommandKey(): boolean {
  if (typeof navigator === 'undefined') return false;
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
    navigator.platform ??
    '';
  return /mac|iphone|ipad|ipod/i.test(platform);
}
