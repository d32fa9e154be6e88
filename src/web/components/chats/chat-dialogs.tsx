import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CHAT_TITLE_MAX, type RenameChatInput, renameChatInput } from '../../../shared/schemas/chats';
import { Button } from '../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog';
import { Field } from '../ui/field';
import { Input } from '../ui/input';

export interface ChatTarget {
  id: string;
  title: string | null;
}

/** The rename modal: 'Rename Chat' on the dashboard, 'Rename Chat Title' on the admin's user detail. */
export function RenameChatDialog({
  chat,
  heading,
  submitLabel,
  pending,
  onClose,
  onRename,
}: {
  chat: ChatTarget | null;
  heading: string;
  submitLabel: string;
  pending: boolean;
  onClose: () => void;
  onRename: (title: string) => void;
}) {
  const form = useForm<RenameChatInput>({
    resolver: zodResolver(renameChatInput),
    defaultValues: { title: '' },
  });
  useEffect(() => {
    if (chat) form.reset({ title: chat.title ?? '' });
  }, [chat, form]);
  return (
    <Dialog open={chat !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{heading}</DialogTitle>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={form.handleSubmit(({ title }) => onRename(title))} noValidate>
          <Field label="Chat Title" error={form.formState.errors.title?.message}>
            {(props) => (
              <Input
                {...props}
                placeholder="Enter a descriptive title"
                maxLength={CHAT_TITLE_MAX}
                {...form.register('title')}
              />
            )}
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The delete modal of the spec. */
export function DeleteChatDialog({
  chat,
  pending,
  onClose,
  onDelete,
}: {
  chat: ChatTarget | null;
  pending: boolean;
  onClose: () => void;
  onDelete: () => void;
}) {
  return (
    <Dialog open={chat !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete Chat</DialogTitle>
          <DialogDescription>
            Are you sure you want to delete this chat? This action cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" disabled={pending} onClick={onDelete}>
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export interface ChatDialogActions<T extends ChatTarget> {
  rename: (chat: T) => void;
  remove: (chat: T) => void;
}

/**
 * Owns the Rename and Delete modals of a chat list: `children` get the actions that open them; the
 * modals close once `onRename` / `onDelete` resolve (their callers report failures).
 */
export function ChatDialogs<T extends ChatTarget>({
  renameHeading,
  renameSubmitLabel,
  renamePending,
  deletePending,
  onRename,
  onDelete,
  children,
}: {
  renameHeading: string;
  renameSubmitLabel: string;
  renamePending: boolean;
  deletePending: boolean;
  onRename: (chat: T, title: string) => Promise<unknown>;
  onDelete: (chat: T) => Promise<unknown>;
  children: (actions: ChatDialogActions<T>) => ReactNode;
}) {
  const [renaming, setRenaming] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  return (
    <>
      {children({ rename: setRenaming, remove: setDeleting })}
      <RenameChatDialog
        chat={renaming}
        heading={renameHeading}
        submitLabel={renameSubmitLabel}
        pending={renamePending}
        onClose={() => setRenaming(null)}
        onRename={(title) =>
          renaming &&
          onRename(renaming, title).then(
            () => setRenaming(null),
            () => {},
          )
        }
      />
      <DeleteChatDialog
        chat={deleting}
        pending={deletePending}
        onClose={() => setDeleting(null)}
        onDelete={() =>
          deleting &&
          onDelete(deleting).then(
            () => setDeleting(null),
            () => {},
          )
        }
      />
    </>
  );
}
