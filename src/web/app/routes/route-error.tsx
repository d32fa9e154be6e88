import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a page fails to load or render (for example a chunk lost after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'Something went wrong.';
  return (
    <main id="main" className="mx-auto grid max-w-lg gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold">{message}</h1>
      <p className="text-muted-foreground">
        Reload the page to try again. If it keeps happening, write to support.
      </p>
      <p>
        <a className="text-primary underline" href="/">
          Back to the home page
        </a>
      </p>
    </main>
  );
}
