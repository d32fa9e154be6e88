import { useState } from 'react';
import { NEW_VIDEO_DAYS } from '../../../../shared/channels';
import type { NewVideosSort } from '../../../../shared/schemas/channels';
import { Section } from '../../../components/layout/page-section';
import { Label, Select } from '../../../components/ui/input';
import { VideoListState } from '../../../components/videos/video-grid';
import { useChannelVideos } from '../api/get-channel-videos';
import { useChannels } from '../api/get-channels';

/** 'New from your channels': the followed channels' videos of the last 14 days, by date or by relevance. */
export function NewFromChannels() {
  const [sort, setSort] = useState<NewVideosSort>('date');
  const videos = useChannelVideos(sort);
  const followed = useChannels();
  const following = (followed.data?.channels.length ?? 0) > 0;
  return (
    <Section
      id="new-from-channels-heading"
      title="New from your channels"
      description={`Videos of the last ${NEW_VIDEO_DAYS} days from the channels you follow. By relevance, those closest to your keywords, goals and challenges come first, with the words they share.`}
    >
      <div className="flex items-center gap-2">
        <Label htmlFor="channel-videos-sort">Sort by</Label>
        <Select
          id="channel-videos-sort"
          value={sort}
          onChange={(event) => setSort(event.target.value as NewVideosSort)}
          className="w-auto"
        >
          <option value="date">Newest first</option>
          <option value="relevance">Relevance to your business</option>
        </Select>
      </div>
      <VideoListState
        query={videos}
        loadingLabel="Loading new videos from your channels"
        errorMessage="We could not load the new videos of your channels."
        videosOf={(data) => data.videos}
        empty={
          following
            ? `No new videos from your channels in the last ${NEW_VIDEO_DAYS} days.`
            : 'Follow a channel below to see its new videos here.'
        }
      />
    </Section>
  );
}
