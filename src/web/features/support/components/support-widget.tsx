import { LifeBuoy, X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../../../shared/dates';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { AppLink } from '../../../lib/link';
import { paths } from '../../../lib/paths';
import { useLatestReplies } from '../api/get-latest-replies';
import { SupportForm } from './support-form';

export interface WidgetUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

declare global {
  interface Window {
    /**
     * What a third-party support widget reads: the signed-in user, and the element to mount its
     * launcher in (hidden under 640 px on the pages where the built-in widget is).
     */
    VidvisorSupport?: {
      userId: string;
      email: string;
      firstName: string;
      lastName: string;
      container: HTMLElement;
    };
  }
}

/** Pages where the widget would cover the form on a phone: hidden under 640 px there. */
const CROWDED_PAGES = [/^\/chat\//, /^\/complete-profile$/, /^\/onboarding$/, /^\/profile$/];

/**
 * The support widget for signed-in users: our own panel (write to support, latest replies), or the
 * third-party widget at `scriptUrl` when one is configured.
 */
export function SupportWidget({
  user,
  pathname,
  scriptUrl,
}: {
  user: WidgetUser;
  pathname: string;
  scriptUrl: string | null;
}) {
  const crowded = CROWDED_PAGES.some((pattern) => pattern.test(pathname));
  if (scriptUrl) return <ThirdPartyWidget user={user} scriptUrl={scriptUrl} crowded={crowded} />;
  return <OwnWidget crowded={crowded} />;
}

/** Hides a widget under 640 px on a crowded page. */
const hiddenOnPhone = (crowded: boolean) => crowded && 'max-sm:hidden';

function OwnWidget({ crowded }: { crowded: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={cn('fixed bottom-4 right-4 z-40', hiddenOnPhone(crowded))}>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <Button className="size-12 rounded-full p-0 shadow-lg" aria-label="Support">
            <LifeBuoy className="size-6!" />
          </Button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            side="top"
            align="end"
            sideOffset={8}
            collisionPadding={8}
            aria-label="Support"
            className="z-50 grid max-h-[80vh] w-[min(22rem,calc(100vw-1rem))] gap-4 overflow-y-auto rounded-lg border bg-card p-4 text-card-foreground shadow-xl"
          >
            <div className="flex items-center justify-between">
              <h2 className="font-semibold">Support</h2>
              <Popover.Close className="rounded-sm opacity-70 hover:opacity-100" aria-label="Close support">
                <X className="size-4" />
              </Popover.Close>
            </div>
            <LatestReplies />
            <SupportForm compact />
            <AppLink
              to={paths.profile.href('support')}
              className="text-sm text-primary hover:underline"
              onClick={() => setOpen(false)}
            >
              See all your tickets
            </AppLink>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}

/** The support team's newest replies across all the user's tickets (refreshed while the panel is open). */
function LatestReplies() {
  const latest = useLatestReplies({ poll: true });
  const replies = latest.data?.replies ?? [];
  if (replies.length === 0) return null;
  return (
    <section aria-label="Latest replies" className="grid gap-2">
      <h3 className="text-sm font-medium text-muted-foreground">Latest replies</h3>
      <ul className="grid gap-2">
        {replies.map((reply) => (
          <li key={reply.id} className="rounded-md bg-muted px-3 py-2 text-sm">
            <p className="text-xs text-muted-foreground">
              {reply.subject} · {formatDateTime(reply.createdAt)}
            </p>
            <p className="line-clamp-4 whitespace-pre-wrap break-words">{reply.message}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Loads the configured widget once, after telling it who the user is and where to mount (no inline
 * script: the CSP forbids it). What it mounts in the container hides with it on a crowded page.
 */
function ThirdPartyWidget({
  user,
  scriptUrl,
  crowded,
}: {
  user: WidgetUser;
  scriptUrl: string;
  crowded: boolean;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    window.VidvisorSupport = {
      userId: user.id,
      email: user.email,
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      container: container.current!,
    };
    if (document.querySelector('script[data-vidvisor-support]')) return;
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.dataset.vidvisorSupport = '';
    document.body.append(script);
  }, [user.id, user.email, user.firstName, user.lastName, scriptUrl]);
  return <div ref={container} data-support-widget="" className={cn(hiddenOnPhone(crowded))} />;
}
