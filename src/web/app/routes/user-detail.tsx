import { ArrowLeft } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { UserDetail } from '../../features/admin/components/user-detail';
import { paths } from '../../lib/paths';

export default function UserDetailRoute() {
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.admin.href()));
  return (
    <Page>
      <Button variant="ghost" className="mb-4 -ml-2" onClick={back}>
        <ArrowLeft /> Back
      </Button>
      <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">Recent Chats</h1>
      <UserDetail key={userId} userId={userId} />
    </Page>
  );
}
