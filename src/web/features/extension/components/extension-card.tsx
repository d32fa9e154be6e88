import { Puzzle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { AppLink } from '../../../lib/link';
import { paths } from '../../../lib/paths';

/** The dashboard's way to the "Browser extension" page. */
export function ExtensionCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Consult from the YouTube page</CardTitle>
        <CardDescription>
          A button beside every YouTube video opens a consultation of it here, at the second you are at.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <AppLink to={paths.extension.href()}>
            <Puzzle /> Browser extension
          </AppLink>
        </Button>
      </CardContent>
    </Card>
  );
}
