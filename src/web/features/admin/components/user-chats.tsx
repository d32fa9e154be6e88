import { toast } from 'sonner';
import { ADMIN_MESSAGES, ADMIN_TOAST_MS } from '../../../../shared/schemas/admin';
import { ChatDialogs } from '../../../components/chats/chat-dialogs';
import { ChatList, type ChatListEntry } from '../../../components/chats/chat-list';
import { Alert } from '../../../components/ui/alert';
import { LoadMore } from '../../../components/ui/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { useDeleteUserChat } from '../api/delete-user-chat';
import { useUserChats } from '../api/get-user-chats';
import { useRenameUserChat } from '../api/rename-user-chat';

const adminToast = { duration: ADMIN_TOAST_MS };

/** The user's chats on /user/{id}, a page at a time: rename ('Rename Chat Title'), delete, open read-only. */
export function UserChats({ userId }: { userId: string }) {
  const chats = useUserChats(userId);
  const rename = useRenameUserChat(userId);
  const remove = useDeleteUserChat(userId);
  if (chats.isPending) return <Spinner label="Loading chats" className="text-primary" />;
  if (chats.isError) return <Alert tone="danger">{chats.error.message}</Alert>;
  return (
    <ChatDialogs<ChatListEntry>
      renameHeading="Rename Chat Title"
      renameSubmitLabel="Save"
      renamePending={rename.isPending}
      deletePending={remove.isPending}
      onRename={(chat, title) =>
        rename.mutateAsync({ chatId: chat.id, title }).catch((error: Error) => {
          toast.error(error.message, adminToast);
          throw error;
        })
      }
      onDelete={(chat) =>
        remove.mutateAsync(chat.id).then(
          () => toast.success(ADMIN_MESSAGES.chatDeleted, adminToast),
          (error: Error) => {
            toast.error(ADMIN_MESSAGES.chatDeleteFailed, adminToast);
            throw error;
          },
        )
      }
    >
      {({ rename: openRename, remove: openDelete }) => (
        <div className="grid gap-4">
          <ChatList
            chats={chats.data.rows}
            openHref={(chatId) => paths.chat.href(chatId, { readOnly: true })}
            onRename={openRename}
            onDelete={openDelete}
          />
          {chats.data.rows.length ? <LoadMore paged={{ ...chats, data: chats.data }} noun="chats" /> : null}
        </div>
      )}
    </ChatDialogs>
  );
}
