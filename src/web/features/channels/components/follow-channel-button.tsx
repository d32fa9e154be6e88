import { UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { useFollowChannel } from '../api/follow-channel';

/** 'Follow this channel' for a video (a consultation's, a suggestion card's): its new videos come to /suggestions. */
export function FollowChannelButton({ videoUrl, describedBy }: { videoUrl: string; describedBy?: string }) {
  const follow = useFollowChannel();
  return (
    <Button
      size="sm"
      variant="outline"
      aria-describedby={describedBy}
      disabled={follow.isPending}
      onClick={() =>
        follow.mutate(videoUrl, {
          onSuccess: (channel) => toast.success(`You now follow ${channel.title}`),
          onError: (error) => toast.error(error.message),
        })
      }
    >
      <UserPlus aria-hidden /> {follow.isPending ? 'Following…' : 'Follow this channel'}
    </Button>
  );
}
