import { Link } from 'react-router';
import { formatDateTime } from '../../../../shared/dates';
import { paths } from '../../../lib/paths';
import type { MemoryItem } from '../api/get-memory';

/** Where a memory came from, as a link while its consultation or plan step exists, and when. */
export function MemorySource({ memory }: { memory: Pick<MemoryItem, 'origin' | 'chatId' | 'createdAt'> }) {
  const when = formatDateTime(memory.createdAt);
  if (memory.origin === 'chat') {
    return memory.chatId ? (
      <>
        From{' '}
        <Link to={paths.chat.href(memory.chatId)} className="underline">
          a consultation
        </Link>
        , {when}
      </>
    ) : (
      <>From a consultation since deleted, {when}</>
    );
  }
  if (memory.origin === 'plan') {
    return (
      <>
        From{' '}
        <Link to={paths.plan.href()} className="underline">
          My Plan
        </Link>
        , {when}
      </>
    );
  }
  return <>Typed by you, {when}</>;
}
