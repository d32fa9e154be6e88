import { Link } from 'react-router';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';

export default function NotFoundRoute() {
  return (
    <Page
      title="Page not found"
      description="The page you asked for does not exist or has moved."
      width="narrow"
    >
      <Button asChild>
        <Link to={paths.home.href()}>Go to the home page</Link>
      </Button>
    </Page>
  );
}
