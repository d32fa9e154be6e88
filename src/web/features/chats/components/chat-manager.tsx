import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { DeleteChatDialog, RenameChatDialog } from '../../../components/chats/chat-dialogs';
import type { ChatListEntry } from '../../../components/chats/chat-list';
import { useDeleteChat } from '../api/delete-chat';
import { useRenameChat } from '../api/rename-chat';

export interface ChatActions {
  rename: (chat: ChatListEntry) => void;
  remove: (chat: ChatListEntry) => void;
}

/** Owns the Rename and Delete modals of the user's own chats; children get the actions to open them. */
export function ChatManager({ children }: { children: (actions: ChatActions) => ReactNode }) {
  const [renaming, setRenaming] = useState<ChatListEntry | null>(null);
  const [deleting, setDeleting] = useState<ChatListEntry | null>(null);
  const rename = useRenameChat();
  const remove = useDeleteChat();
  return (
    <>
      {children({ rename: setRenaming, remove: setDeleting })}
      <RenameChatDialog
        chat={renaming}
        heading="Rename Chat"
        submitLabel="Save Changes"
        pending={rename.isPending}
        onClose={() => setRenaming(null)}
        onRename={(title) =>
          renaming &&
          rename.mutate(
            { id: renaming.id, title },
            { onSuccess: () => setRenaming(null), onError: (error) => toast.error(error.message) },
          )
        }
      />
      <DeleteChatDialog
        chat={deleting}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onDelete={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (error) => toast.error(error.message),
          })
        }
      />
    </>
  );
}
