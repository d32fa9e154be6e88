import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { dayLabel, KEYWORD_LIMITS, KEYWORD_MESSAGES } from '../../../../shared/suggestions';
import { Alert } from '../../../components/ui/alert';
import { Card, CardContent } from '../../../components/ui/card';
import { useSuggestions } from '../api/get-suggestions';
import { useTrending, type VideoList } from '../api/get-trending';
import { useSaveKeywords } from '../api/save-keywords';
import { useSearchVideos } from '../api/search-videos';
import { ChipInput } from './chip-input';
import { VideoListState } from './video-grid';
import { WeeklyEmailSetting } from './weekly-email-setting';

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <div className="grid gap-1">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** YouTube could not answer: what happened and what is shown instead. */
function Notice({ list }: { list: VideoList }) {
  return list.notice ? <Alert tone="warning">{list.notice}</Alert> : null;
}

function PicksSection() {
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
        empty="No picks yet. Our team picks new videos every week: check back soon."
      />
    </Section>
  );
}

function TrendingSection() {
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

function SearchSection() {
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
        empty={keywords.length ? 'No videos match your keywords yet.' : 'Add a keyword to search.'}
      >
        {(data) => <Notice list={data} />}
      </VideoListState>
    </Section>
  );
}

/** The Video Suggestions page: the week's picks, trending, keyword search and the weekly e-mail. */
export function SuggestionsPage() {
  return (
    <div className="grid gap-10">
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <WeeklyEmailSetting />
        </CardContent>
      </Card>
      <PicksSection />
      <TrendingSection />
      <SearchSection />
    </div>
  );
}
