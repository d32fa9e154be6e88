import { useState } from 'react';
import { toast } from 'sonner';
import { ADMIN_MESSAGES, ADMIN_TOAST_MS } from '../../../../shared/schemas/admin';
import { DeleteChatDialog, RenameChatDialog } from '../../../components/chats/chat-dialogs';
import { ChatList, type ChatListEntry } from '../../../components/chats/chat-list';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { useDeleteUserChat } from '../api/delete-user-chat';
import { useUserChats } from '../api/get-user-chats';
import { useRenameUserChat } from '../api/rename-user-chat';

/** The user's chats on /user/{id}: rename ('Rename Chat Title'), delete, open read-only. */
export function UserChats({ userId }: { userId: string }) {
  const chats = useUserChats(userId);
  const rename = useRenameUserChat(userId);
  const remove = useDeleteUserChat(userId);
  const [renaming, setRenaming] = useState<ChatListEntry | null>(null);
  const [deleting, setDeleting] = useState<ChatListEntry | null>(null);
  if (chats.isPending) return <Spinner label="Loading chats" className="text-primary" />;
  if (chats.isError) return <Alert tone="danger">{chats.error.message}</Alert>;
  return (
    <>
      <ChatList
        chats={chats.data}
        openHref={(chatId) => paths.chat.href(chatId, { readOnly: true })}
        onRename={setRenaming}
        onDelete={setDeleting}
      />
      <RenameChatDialog
        chat={renaming}
        heading="Rename Chat Title"
        submitLabel="Save"
        pending={rename.isPending}
        onClose={() => setRenaming(null)}
        onRename={(title) =>
          renaming &&
          rename.mutate(
            { chatId: renaming.id, title },
            {
              onSuccess: () => setRenaming(null),
              onError: (error) => toast.error(error.message, { duration: ADMIN_TOAST_MS }),
            },
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
            onSuccess: () => {
              setDeleting(null);
              toast.success(ADMIN_MESSAGES.chatDeleted, { duration: ADMIN_TOAST_MS });
            },
            onError: () => toast.error(ADMIN_MESSAGES.chatDeleteFailed, { duration: ADMIN_TOAST_MS }),
          })
        }
      />
    </>
  );
}
