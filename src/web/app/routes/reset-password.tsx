import { Page } from '../../components/layout/page';

export default function ResetPasswordRoute() {
  return <Page title="Reset Password" />;
}
