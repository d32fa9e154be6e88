/** What the keyboard shortcuts act on: the components that own these controls mark them so. */
export const SHORTCUT_TARGET = {
  /** `data-shortcut` of the chat's message box. */
  messageBox: 'message-box',
  /** `data-shortcut` of the Stop button while a reply streams. */
  stopReply: 'stop-reply',
  /** `data-shortcut` of a message's arrows between its versions. */
  previousVersion: 'previous-version',
  nextVersion: 'next-version',
} as const;

/** The Saved Chats search field's id. */
export const CHAT_SEARCH_INPUT_ID = 'chat-search';

/** The router state that asks Saved Chats to focus its search field when it opens. */
export interface FocusSearchState {
  focusSearch: true;
}

export const SHORTCUTS = [
  { key: '?', description: 'Show keyboard shortcuts' },
  { key: 'n', description: 'New consultation' },
  { key: '/', description: 'Focus the message box' },
  { key: 'Esc', description: 'Stop a reply (also while typing)' },
  { key: 's', description: 'Search Saved Chats' },
  { key: '[', description: 'Previous version of the focused message, or of the last one that has several' },
  { key: ']', description: 'Next version of the focused message, or of the last one that has several' },
] as const;

/** True when a key press belongs to a field the user types in: shortcuts other than Stop stay quiet. */
export function isTypingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
}

export function shortcutTarget(name: keyof typeof SHORTCUT_TARGET): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-shortcut="${SHORTCUT_TARGET[name]}"]`);
}

/**
 * The version arrow of the message holding the focus when it has several versions, else of the last
 * message on screen that has; null when that message cannot move that way.
 */
export function versionArrow(
  direction: 'previousVersion' | 'nextVersion',
  focused: Element | null = document.activeElement,
): HTMLButtonElement | null {
  const selector = `button[data-shortcut="${SHORTCUT_TARGET[direction]}"]`;
  const arrows = document.querySelectorAll<HTMLButtonElement>(selector);
  const arrow =
    focused?.closest('article')?.querySelector<HTMLButtonElement>(selector) ?? arrows[arrows.length - 1];
  return arrow && !arrow.disabled ? arrow : null;
}
