import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { dayLabel, KEYWORD_LIMITS, KEYWORD_MESSAGES } from '../../../../shared/suggestions';
import { Section } from '../../../components/layout/page-section';
import { Alert } from '../../../components/ui/alert';
import { Card, CardContent } from '../../../components/ui/card';
import { type CardAction, VideoListState } from '../../../components/videos/video-grid';
import { useSuggestions } from '../api/get-suggestions';
import { useTrending, type VideoList } from '../api/get-trending';
import { useSaveKeywords } from '../api/save-keywords';
import { useSearchVideos } from '../api/search-videos';
import { ChipInput } from './chip-input';
import { WeeklyEmailSetting } from './weekly-email-setting';

/** YouTube could not answer: what happened and what is shown instead. */
function Notice({ list }: { list: VideoList }) {
  return list.notice ? <Alert tone="warning">{list.notice}</Alert> : null;
}

function PicksSection({ cardAction }: { cardAction?: CardAction }) {
  const page = useSuggestions();
  const earlier = page.data && page.data.picksWeek !== page.data.currentWeek;
  return (
    <Section
      id="picks-heading"
      title="This week’s picks"
      description={
        !page.data
          ? 'Chosen by our team every week.'
          : earlier && page.data.picks.length
            ? `This week’s picks are on their way: here are the picks for the week of ${dayLabel(page.data.picksWeek)}.`
            : `Chosen by our team for the week of ${dayLabel(page.data.currentWeek)}, each with why it is worth a consultation.`
      }
    >
      <VideoListState
        query={page}
        loadingLabel="Loading this week’s picks"
        errorMessage="We could not load this week’s picks."
        videosOf={(data) => data.picks}
        cardAction={cardAction}
        empty="No picks yet. Our team picks new videos every week: check back soon."
      />
    </Section>
  );
}

function TrendingSection({ cardAction }: { cardAction?: CardAction }) {
  const trending = useTrending();
  const source = trending.data?.source;
  return (
    <Section
      id="trending-heading"
      title="Trending for your business"
      description={
        source === undefined
          ? 'Popular videos of the last 7 days.'
          : source === 'youtube'
            ? 'The most viewed YouTube videos of the last 7 days for your keywords.'
            : 'The videos most consulted on Vidvisor in the last 7 days.'
      }
    >
      <VideoListState
        query={trending}
        loadingLabel="Loading trending videos"
        errorMessage="We could not load trending videos."
        videosOf={(data) => data.videos}
        cardAction={cardAction}
        empty={
          source === 'youtube'
            ? 'Nothing popular on YouTube for your keywords this week. Try other keywords below.'
            : 'Nothing is trending on Vidvisor yet this week.'
        }
      >
        {(data) => <Notice list={data} />}
      </VideoListState>
    </Section>
  );
}

function SearchSection({ cardAction }: { cardAction?: CardAction }) {
  const page = useSuggestions();
  const results = useSearchVideos();
  const save = useSaveKeywords();
  const keywords = page.data?.keywords ?? [];
  // While a change saves, the list shows as it will be saved (the field stays usable meanwhile).
  const chips = save.isPending ? save.variables : keywords;
  return (
    <Section
      id="search-heading"
      title="Search by keyword"
      description={
        page.data?.youtubeSearch
          ? 'Videos on YouTube for any of your keywords. Your keywords are saved.'
          : 'Videos from our picks for any of your keywords. Your keywords are saved.'
      }
    >
      <Card>
        <CardContent className="grid gap-2 pt-5 sm:pt-6">
          {page.data?.keywordsFromProfile && keywords.length ? (
            <p className="text-sm text-muted-foreground">Suggested from your business profile.</p>
          ) : null}
          <ChipInput
            label="Search by keyword"
            listLabel="Your keywords"
            chips={chips}
            onChange={(next) => save.mutateAsync(next)}
            max={KEYWORD_LIMITS.count}
            maxLength={KEYWORD_LIMITS.length}
            tooMany={KEYWORD_MESSAGES.tooMany}
            tooLong={KEYWORD_MESSAGES.tooLong}
            submitLabel={
              <>
                <Search aria-hidden /> Search
              </>
            }
            placeholder="e.g. pricing, retention"
            busy={!page.data}
            error={save.isError ? save.error.message : null}
          />
        </CardContent>
      </Card>
      <VideoListState
        query={results}
        loadingLabel="Searching"
        errorMessage="We could not search just now."
        videosOf={(data) => data.videos}
        cardAction={cardAction}
        empty={keywords.length ? 'No videos match your keywords yet.' : 'Add a keyword to search.'}
      >
        {(data) => <Notice list={data} />}
      </VideoListState>
    </Section>
  );
}

/**
 * The Video Suggestions page: the weekly e-mail, what the route adds first (the followed channels), the
 * week's picks, trending and keyword search; `cardAction` adds to every card.
 */
export function SuggestionsPage({ channels, cardAction }: { channels?: ReactNode; cardAction?: CardAction }) {
  return (
    <div className="grid gap-10">
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <WeeklyEmailSetting />
        </CardContent>
      </Card>
      {channels}
      <PicksSection cardAction={cardAction} />
      <TrendingSection cardAction={cardAction} />
      <SearchSection cardAction={cardAction} />
    </div>
  );
}
