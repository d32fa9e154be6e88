import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { type ChatDialogActions, ChatDialogs } from '../../../components/chats/chat-dialogs';
import type { ChatListEntry } from '../../../components/chats/chat-list';
import { useDeleteChat } from '../api/delete-chat';
import { useRenameChat } from '../api/rename-chat';

export type ChatActions = ChatDialogActions<ChatListEntry>;

const reportFailure = (error: Error) => {
  toast.error(error.message);
  throw error;
};

/** The Rename Chat and Delete Chat modals for the user's own chats. */
export function ChatManager({ children }: { children: (actions: ChatActions) => ReactNode }) {
  const rename = useRenameChat();
  const remove = useDeleteChat();
  return (
    <ChatDialogs<ChatListEntry>
      renameHeading="Rename Chat"
      renameSubmitLabel="Save Changes"
      renamePending={rename.isPending}
      deletePending={remove.isPending}
      onRename={(chat, title) => rename.mutateAsync({ id: chat.id, title }).catch(reportFailure)}
      onDelete={(chat) => remove.mutateAsync(chat.id).catch(reportFailure)}
    >
      {children}
    </ChatDialogs>
  );
}
