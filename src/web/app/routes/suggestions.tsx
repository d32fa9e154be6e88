import { Page } from '../../components/layout/page';
import { ChannelsSection } from '../../features/channels/components/channels-section';
import { FollowChannelButton } from '../../features/channels/components/follow-channel-button';
import { NewFromChannels } from '../../features/channels/components/new-from-channels';
import { SuggestionsPage } from '../../features/suggestions/components/suggestions-page';

export default function SuggestionsRoute() {
  return (
    <Page
      title="Video Suggestions"
      description="Videos worth a consultation, picked for your business."
      width="wide"
    >
      <SuggestionsPage
        channels={
          <>
            <NewFromChannels />
            <ChannelsSection />
          </>
        }
        cardAction={(video, titleId) => <FollowChannelButton videoUrl={video.url} describedBy={titleId} />}
      />
    </Page>
  );
}
