import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { paths } from '../../lib/paths';
import {
  CHAT_SEARCH_INPUT_ID,
  type FocusSearchState,
  isTypingIn,
  SHORTCUTS,
  shortcutTarget,
  versionArrow,
} from '../../lib/shortcuts';

/**
 * The signed-in app's keyboard shortcuts and their sheet (`?`). None fires while the user types in a
 * field or holds a modifier, except Esc, which stops a streaming reply (when no dialog is open).
 */
export function KeyboardShortcuts() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const dialogOpen = document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
      if (event.key === 'Escape') {
        if (!dialogOpen) shortcutTarget('stopReply')?.click();
        return;
      }
      if (dialogOpen || isTypingIn(event.target)) return;
      const action = actions[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    const actions: Record<string, () => void> = {
      '?': () => setOpen(true),
      n: () => navigate(paths.consult.href()),
      '/': () => shortcutTarget('messageBox')?.focus(),
      s: () => {
        const search = document.getElementById(CHAT_SEARCH_INPUT_ID);
        if (search) search.focus();
        else navigate(paths.savedChats.href(), { state: { focusSearch: true } satisfies FocusSearchState });
      },
      '[': () => versionArrow('previousVersion')?.click(),
      ']': () => versionArrow('nextVersion')?.click(),
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate]);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>
            They work anywhere in the app, except while you type in a field.
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          {SHORTCUTS.map((shortcut) => (
            <div key={shortcut.key} className="contents">
              <dt>
                <kbd className="rounded border bg-muted px-2 py-0.5 font-mono text-xs">{shortcut.key}</kbd>
              </dt>
              <dd>{shortcut.description}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
