import { Page } from '../../components/layout/page';
import { ExtensionInstall } from '../../features/extension/components/extension-install';

export default function ExtensionRoute() {
  return (
    <Page
      title="Browser extension"
      description="Vidvisor on the YouTube page, one click away."
      width="narrow"
    >
      <ExtensionInstall />
    </Page>
  );
}
