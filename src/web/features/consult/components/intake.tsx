import { VideoIntake } from '../../../components/intake/video-intake';
import { Card, CardContent } from '../../../components/ui/card';
import { useCreateChat } from '../api/create-chat';

/**
 * The intake: a YouTube link, a pasted transcript, or a caption file becomes a consultation.
 * `initialUrl` fills the link in (a suggestion's Start consultation).
 */
export function Intake({
  onCreated,
  initialUrl = '',
}: {
  onCreated: (chatId: string) => void;
  initialUrl?: string;
}) {
  const create = useCreateChat();
  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardContent className="pt-5 sm:pt-6">
        <VideoIntake
          initialUrl={initialUrl}
          onSubmit={async (input) => onCreated((await create.mutateAsync(input)).id)}
        />
      </CardContent>
    </Card>
  );
}
