import { Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { AppLink } from '../../../lib/link';
import { paths } from '../../../lib/paths';

/** The dashboard's way to the next video worth a consultation. */
export function SuggestionsCard() {
  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-center sm:justify-between sm:gap-6">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Sparkles className="size-5 text-primary" aria-hidden /> Video Suggestions
          </CardTitle>
          <CardDescription>
            This week’s picks from our team, what is trending for your business, and a search by keyword.
          </CardDescription>
        </div>
        <Button asChild variant="outline" className="shrink-0 self-start sm:self-center">
          <AppLink to={paths.suggestions.href()}>See suggestions</AppLink>
        </Button>
      </CardHeader>
    </Card>
  );
}
