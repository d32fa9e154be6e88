import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

/** The built package, served by the API with this Vidvisor's address as its default. */
export const EXTENSION_PACKAGE_HREF = '/api/extension/package';

const CHROMIUM_STEPS = [
  'Download the extension and unzip it: you get a folder named vidvisor-extension.',
  'Open chrome://extensions (or edge://extensions, brave://extensions) and turn on Developer mode.',
  'Click “Load unpacked” and choose the vidvisor-extension folder.',
  'Open a video on YouTube and click “Consult with Vidvisor” under its title.',
];

const FIREFOX_STEPS = [
  'Open about:debugging#/runtime/this-firefox.',
  'Click “Load Temporary Add-on…” and choose manifest.json in the vidvisor-extension folder.',
];

/** The "Browser extension" page: what it does, what it reads, the download, and how to load it. */
export function ExtensionInstall() {
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Consult from the YouTube page</CardTitle>
          <CardDescription>
            The extension adds a “Consult with Vidvisor” button beside a YouTube video’s title, and a “Consult
            with Vidvisor” item to the menu of any YouTube link. Either opens a new consultation of that video
            here, at the second you were watching.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            It reads only the page’s address and the player’s current time, runs only on YouTube’s watch
            pages, and sends nothing anywhere but to this Vidvisor (change the address in its options).
          </p>
          <Button asChild className="justify-self-start">
            <a href={EXTENSION_PACKAGE_HREF} download>
              <Download /> Download the extension (.zip)
            </a>
          </Button>
        </CardContent>
      </Card>
      <InstallSteps title="Chrome, Edge, Brave and other Chromium browsers" steps={CHROMIUM_STEPS} />
      <InstallSteps title="Firefox" steps={FIREFOX_STEPS} />
    </div>
  );
}

function InstallSteps({ title, steps }: { title: string; steps: string[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid list-decimal gap-2 pl-5 text-sm">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
